import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { isReverificationCancelled, useSession } from '../../session/index.ts';
import { useConfirmingIdentity } from './ConfirmItsYou.tsx';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, type Outcome } from './Outcome.tsx';
import { messageOf, nameOf, useWords } from './useWords.ts';

/**
 * Sign out of all devices (GlobalSignOut): every token of the customer stops
 * working at its next use, in other tabs and browsers too; this tab returns
 * to sign-in as soon as its own tokens are forgotten, where the card says so.
 * Asked first, since every other device is signed out too.
 */
export function SessionsSection() {
  const api = useSession();
  const { w, tr } = useWords();
  const [asking, setAsking] = useState(false);
  // "Confirm it's you" opens above this question: this one lets it have the focus and the Escape key.
  const confirming = useConfirmingIdentity();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function signOutEverywhere() {
    setPending(true);
    try {
      await api.signOutEverywhere();
    } catch (error) {
      // Not confirmed ("Confirm it's you" closed): nothing was changed, and this question stays to be answered again.
      if (!isReverificationCancelled(error)) setOutcome({ kind: 'error', message: tr(messageOf(error), nameOf(error)) });
      setPending(false);
      if (!isReverificationCancelled(error)) setAsking(false);
    }
  }
  return (
    <Section title={w('sessions')} description={w('sessionsLead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      <Button variant="default" onClick={() => setAsking(true)}>
        {w('signOutEverywhere')}
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={w('signOutEverywhereConfirmTitle')}
        closeButtonProps={{ 'aria-label': w('close') }}
        centered
        trapFocus={!confirming}
        closeOnEscape={!confirming}
      >
        <Text mb="lg">{w('signOutEverywhereConfirmText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)} disabled={pending}>
            {w('cancel')}
          </Button>
          <Button loading={pending} disabled={pending} onClick={() => void signOutEverywhere()}>
            {w('signOutEverywhere')}
          </Button>
        </Group>
      </Modal>
    </Section>
  );
}
