import { Alert } from '@mantine/core';
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { isReverificationCancelled, useSession, type SessionApi } from '../../session/index.ts';
import { useReading } from './reading.ts';
import { messageOf, nameOf, useWords } from './useWords.ts';

/** What the last action of a section came to: an error (role alert) or a confirmation (role status). */
export type Outcome = { kind: 'error'; message: string } | { kind: 'done'; message: string } | null;

/**
 * A section's one message: the next outcome replaces it. A confirmation appears inside a status region that is
 * always in the page (empty, it takes no room), so screen readers announce it; an error is an alert of its own.
 */
export function OutcomeMessage({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { w } = useWords();
  const alert = (kind: 'error' | 'done', message: string) => (
    <Alert
      // Inside the status region a confirmation is a plain group: the region speaks for it.
      role={kind === 'error' ? 'alert' : 'group'}
      color={kind === 'error' ? 'red' : 'teal'}
      variant="light"
      withCloseButton
      closeButtonLabel={w('dismiss')}
      onClose={onClose}
      mb="md"
    >
      {message}
    </Alert>
  );
  return (
    <>
      {outcome?.kind === 'error' && alert('error', outcome.message)}
      <div role="status">{outcome?.kind === 'done' && alert('done', outcome.message)}</div>
    </>
  );
}

/** What an action may come to: a confirmation's words, an outcome as given, or nothing to show. */
type ActionResult = string | Outcome | void;

/**
 * A section's last outcome and whether one of its actions is under way.
 * `run` clears the outcome, waits for the action and shows what it came to;
 * a failure shows its message in the customer's language, and whatever the
 * customer typed stays where it is. `fail` shows a failure from elsewhere
 * (a section's first read).
 */
export function useAction() {
  const { tr } = useWords();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A change the customer did not confirm ("Confirm it's you" closed) was not made: nothing to say.
  const fail = useCallback(
    (error: unknown) =>
      setOutcome(isReverificationCancelled(error) ? null : { kind: 'error', message: tr(messageOf(error), nameOf(error)) }),
    [tr],
  );
  const run = useCallback(
    async (action: () => Promise<ActionResult>) => {
      setPending(true);
      setOutcome(null);
      try {
        const result = await action();
        setOutcome(typeof result === 'string' ? { kind: 'done', message: result } : (result ?? null));
      } catch (error) {
        fail(error);
      } finally {
        setPending(false);
      }
    },
    [fail],
  );
  return { pending, outcome, setOutcome, run, fail };
}

/**
 * A section's first read from the session API: undefined until it answers;
 * a failure goes to `fail` (useAction's). An answer that arrives after the
 * section has gone is dropped. `read` must be stable (a module-level function).
 * The page counts it as reading until it has answered (reading.ts).
 */
export function useFirstRead<T>(
  read: (api: SessionApi) => Promise<T>,
  fail: (error: unknown) => void,
): [T | undefined, Dispatch<SetStateAction<T | undefined>>] {
  const api = useSession();
  const [value, setValue] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useReading(value === undefined && !failed);
  useEffect(() => {
    let live = true;
    read(api).then(
      (answer) => live && setValue(() => answer),
      (error: unknown) => {
        if (!live) return;
        setFailed(true);
        fail(error);
      },
    );
    return () => {
      live = false;
    };
  }, [api, read, fail]);
  return [value, setValue];
}

/**
 * A section that lists what the pool keeps of the customer (remembered devices, sessions) and acts on it: the list
 * (undefined until the first read, null where the pool keeps none of it), whether the section shows at all (not
 * before the list is read, unless reading it failed), the actions' state, and `run`, which reads the list again
 * after each action.
 */
export function useListSection<T>(read: (api: SessionApi) => Promise<T[] | null>) {
  const api = useSession();
  const { pending, outcome, setOutcome, run: runAction, fail } = useAction();
  const [items, setItems] = useFirstRead(read, fail);
  const load = useCallback(async () => setItems(await read(api)), [api, read, setItems]);
  const run = (action: () => Promise<string>) =>
    runAction(async () => {
      const message = await action();
      await load();
      return message;
    });
  const hidden = items === null || (items === undefined && outcome?.kind !== 'error');
  return { api, items: items ?? undefined, hidden, pending, outcome, setOutcome, run };
}
