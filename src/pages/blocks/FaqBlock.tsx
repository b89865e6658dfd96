import { Accordion } from '@mantine/core';
import { useTranslation, type MessageKey } from '../../i18n/index.ts';

const questions = [
  ['landing.faq.resetQ', 'landing.faq.resetA'],
  ['landing.faq.passwordQ', 'landing.faq.passwordA'],
  ['landing.faq.phoneQ', 'landing.faq.phoneA'],
  ['landing.faq.closeQ', 'landing.faq.closeA'],
] as const satisfies readonly (readonly [MessageKey, MessageKey])[];

/** Common questions, one open at a time. */
export function FaqBlock() {
  const { t } = useTranslation('app');
  return (
    <Accordion variant="separated" radius="md">
      {questions.map(([question, answer]) => (
        <Accordion.Item key={question} value={question}>
          <Accordion.Control>{t(question)}</Accordion.Control>
          <Accordion.Panel>{t(answer)}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
