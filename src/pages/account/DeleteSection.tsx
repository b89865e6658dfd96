import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { isReverificationCancelled, useSession } from '../../session/index.ts';
import { useConfirmingIdentity } from './ConfirmItsYou.tsx';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, type Outcome } from './Outcome.tsx';
import { messageOf, nameOf, useWords } from './useWords.ts';

/** Delete account (DeleteUser), behind a confirmation that names the account; afterwards the customer is signed out. */
export function DeleteSection({ email }: { email: string }) {
  const api = useSession();
  const { w, tr } = useWords();
  const [asking, setAsking] = useState(false);
  // "Confirm it's you" opens above this question: this one lets it have the focus and the Escape key.
  const confirming = useConfirmingIdentity();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function deleteAccount() {
    setPending(true);
    try {
      await api.deleteAccount();
    } catch (error) {
      // Not confirmed ("Confirm it's you" closed): nothing was changed, and this question stays to be answered again.
      if (!isReverificationCancelled(error)) setOutcome({ kind: 'error', message: tr(messageOf(error), nameOf(error)) });
      setPending(false);
    }
  }
  return (
    <Section title={w('deleteTitle')} description={w('deleteLead')}>
      <Button color="red" variant="light" onClick={() => setAsking(true)}>
        {w('deleteAccount')}
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={w('deleteConfirmTitle', { email })}
        closeButtonProps={{ 'aria-label': w('close') }}
        centered
        trapFocus={!confirming}
        closeOnEscape={!confirming}
      >
        <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
        <Text mb="lg">{w('deleteConfirmText', { email })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)} disabled={pending}>
            {w('cancel')}
          </Button>
          <Button color="red" loading={pending} disabled={pending} onClick={() => void deleteAccount()}>
            {w('deleteAccount')}
          </Button>
        </Group>
      </Modal>
    </Section>
  );
}
