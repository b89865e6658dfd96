import { useTranslation, type MessageKey, type Values } from '../../i18n/index.ts';

/** A message of the catalogue, in the customer's language, where JSX wants text (a heading, a lead). */
export function T({ k, values }: { k: MessageKey; values?: Values }) {
  const { t } = useTranslation('app');
  return t(k, values);
}
