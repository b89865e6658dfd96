import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n/index.ts';

/** What shows while a page or the shell is on its way (its label is the first part's, which is always there). */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullPage ? '100dvh' : '40vh'}>
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}
