import { Text } from '@mantine/core';
import { Section } from '../shared/Section.tsx';
import { useWords } from './useWords.ts';

/** In place of Change Password and two-step verification, for a customer who signs in with a provider. */
export function FederatedSection({ provider }: { provider: string }) {
  const { w } = useWords();
  return (
    <Section title={w('signInMethod')}>
      <Text>{w('federatedText', { provider })}</Text>
    </Section>
  );
}
