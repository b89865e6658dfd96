import { Button, Group, List, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { isReverificationCancelled, type PasskeyInfo, type PasskeysApi } from '../../session/index.ts';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, type Outcome } from './Outcome.tsx';
import { useReading } from './reading.ts';
import { intlLocale } from '../../i18n/index.ts';
import { BROWSER_ERRORS, usePasskeyWords, type PasskeyWord as Word } from './passkeyWords.ts';
import { messageOf, nameOf as errorName, useWords } from './useWords.ts';

/** The customer's passkeys, each named by its authenticator and creation date; add one, delete one. */
export function PasskeysSection({ api }: { api: PasskeysApi }) {
  const { tr, language } = useWords();
  const w = usePasskeyWords();
  const [passkeys, setPasskeys] = useState<PasskeyInfo[] | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const failed = useCallback(
    (error: unknown) => {
      // Not confirmed ("Confirm it's you" closed): nothing was changed, nothing to say.
      if (isReverificationCancelled(error)) return;
      const name = error instanceof Error ? error.name : '';
      setOutcome({ kind: 'error', message: BROWSER_ERRORS.includes(name) ? w(name as Word) : tr(messageOf(error), errorName(error)) });
    },
    [w, tr],
  );
  const load = useCallback(() => api.list().then(setPasskeys, failed), [api, failed]);
  useEffect(() => void load(), [load]);
  useReading(passkeys === null && outcome?.kind !== 'error');

  async function run(key: string, action: () => Promise<void>, done: string) {
    setPending(key);
    setOutcome(null);
    try {
      await action();
      setOutcome({ kind: 'done', message: done });
      await load();
    } catch (error) {
      failed(error);
    } finally {
      setPending(null);
    }
  }
  // Its authenticator's name (or the pool's) and the day it was made, e.g. "iCloud Keychain · 25 Nov 2026": two
  // passkeys of one kind stay apart, here and in the delete button's name.
  const nameOf = (passkey: PasskeyInfo) => {
    const name = passkey.name || w('unnamed');
    if (!passkey.createdAt) return name;
    return `${name} · ${passkey.createdAt.toLocaleDateString(intlLocale(language), { year: 'numeric', month: 'short', day: 'numeric' })}`;
  };

  return (
    <Section title={w('title')} description={w('lead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      {passkeys === null ? (
        <Text size="sm" c="dimmed" role="status">
          {w('loading')}
        </Text>
      ) : passkeys.length === 0 ? (
        <Text size="sm">{w('none')}</Text>
      ) : (
        <List listStyleType="none" spacing="sm" aria-label={w('list')}>
          {passkeys.map((passkey) => (
            <List.Item key={passkey.id}>
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {nameOf(passkey)}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  aria-label={w('removeLabel', { name: nameOf(passkey) })}
                  loading={pending === passkey.id}
                  disabled={pending !== null}
                  onClick={() => void run(passkey.id, () => api.remove(passkey.id), w('removed', { name: nameOf(passkey) }))}
                >
                  {w('remove')}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <Button
        mt="md"
        variant="default"
        loading={pending === 'add'}
        disabled={pending !== null}
        onClick={() => void run('add', api.add, w('added'))}
      >
        {w('add')}
      </Button>
    </Section>
  );
}
