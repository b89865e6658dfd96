import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { AccountDialog } from './AccountDialog.tsx';
import { useSession } from '../../session/index.ts';
import { OutcomeMessage, type Outcome } from './Outcome.tsx';
import { messageOf, nameOf, useWords } from './useWords.ts';

/**
 * Asked once, right after a sign-in on a new device, where the pool remembers
 * devices only on the customer's word (DeviceOnlyRememberedOnUserPrompt):
 * "Remember" calls UpdateDeviceStatus remembered; "Not now" leaves the device
 * known but not remembered (the pool's default), so it asks for MFA as before.
 * The composition root loads this lazily, only when there is something to ask.
 */
export function RememberDevicePrompt({ onClose }: { onClose: () => void }) {
  const api = useSession();
  const { w, tr } = useWords();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function answer(remember: boolean) {
    setPending(true);
    setOutcome(null);
    try {
      await api.rememberThisDevice(remember);
      onClose();
    } catch (error) {
      setOutcome({ kind: 'error', message: tr(messageOf(error), nameOf(error)) });
      setPending(false);
    }
  }

  return (
    <AccountDialog title={w('rememberPromptTitle')} closeLabel={w('dismiss')} onClose={() => void answer(false)}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      <Text mb="lg">{w('rememberPromptText')}</Text>
      <Group justify="flex-end">
        <Button variant="default" disabled={pending} onClick={() => void answer(false)}>
          {w('notNow')}
        </Button>
        <Button loading={pending} disabled={pending} onClick={() => void answer(true)} data-autofocus>
          {w('rememberThis')}
        </Button>
      </Group>
    </AccountDialog>
  );
}

export { RememberDevicePrompt as default };
