import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { AccountDialog } from './AccountDialog.tsx';
import type { PasskeysApi } from '../../session/index.ts';
import { OutcomeMessage, type Outcome } from './Outcome.tsx';
import { BROWSER_ERRORS, usePasskeyWords, type PasskeyWord } from './passkeyWords.ts';
import { messageOf, nameOf, useWords } from './useWords.ts';

/**
 * Offered once, right after a password sign-in, to a customer without a
 * passkey (the session API decides: PasskeysApi.offerDue). "Create a passkey"
 * is the Account page's registration; "Not now" (or closing) keeps this device
 * quiet for a while. The composition root loads this lazily, only when it asks.
 */
export function PasskeyOfferPrompt({ api, onClose }: { api: PasskeysApi; onClose: () => void }) {
  const page = useWords();
  const { tr } = page;
  const w = usePasskeyWords();
  const [state, setState] = useState<'asking' | 'pending' | 'created'>('asking');
  const [outcome, setOutcome] = useState<Outcome>(null);

  function close(answer: 'created' | 'dismissed') {
    api.offerAnswered(answer);
    onClose();
  }

  async function create() {
    setState('pending');
    setOutcome(null);
    try {
      await api.add();
      setState('created');
      setOutcome({ kind: 'done', message: w('added') });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      setOutcome({ kind: 'error', message: BROWSER_ERRORS.includes(name) ? w(name as PasskeyWord) : tr(messageOf(error), nameOf(error)) });
      setState('asking');
    }
  }

  const created = state === 'created';
  return (
    // Not closed while the browser's prompt is open: its answer would land on nothing.
    <AccountDialog
      title={w('offerTitle')}
      closeLabel={page.w('dismiss')}
      onClose={() => state !== 'pending' && close(created ? 'created' : 'dismissed')}
    >
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      {!created && <Text mb="lg">{w('offerText')}</Text>}
      <Group justify="flex-end">
        {created ? (
          <Button onClick={() => close('created')} data-autofocus>
            {w('offerDone')}
          </Button>
        ) : (
          <>
            <Button variant="default" disabled={state === 'pending'} onClick={() => close('dismissed')}>
              {page.w('notNow')}
            </Button>
            <Button loading={state === 'pending'} disabled={state === 'pending'} onClick={() => void create()} data-autofocus>
              {w('offerCreate')}
            </Button>
          </>
        )}
      </Group>
    </AccountDialog>
  );
}

export { PasskeyOfferPrompt as default };
