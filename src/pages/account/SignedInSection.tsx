import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { intlLocale } from '../../i18n/index.ts';
import type { SessionApi } from '../../session/index.ts';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, useListSection } from './Outcome.tsx';
import { useWords } from './useWords.ts';

const readSessions = (api: SessionApi) => api.signedInSessions();

/**
 * Where the customer is signed in (ListUserSessions): each browser with its
 * system, when it signed in and was last active, and the remembered device it
 * belongs to; this one first, marked. Any other can be signed out
 * (RevokeUserSession), or all of them at once. Shown only where the pool
 * tracks sessions (configuration: userSessions); elsewhere nothing is asked.
 */
export function SignedInSection() {
  const { w, language } = useWords();
  const { api, items: sessions, hidden, pending, outcome, setOutcome, run } = useListSection(readSessions);
  if (hidden) return null;

  const when = (date: Date) => date.toLocaleString(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
  const others = sessions?.some((session) => !session.current) ?? false;

  return (
    <Section title={w('signedIn')} description={w('signedInLead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      {sessions && (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={w('signedIn')}>
          {sessions.map((session) => {
            const browser = session.browser ?? w('unknownBrowser');
            return (
              <Stack component="li" key={session.id} gap={4} data-testid="signed-in-session">
                <Group gap="xs">
                  <Text fw={500}>{browser}</Text>
                  {session.current && (
                    <Badge color="blue" variant="light">
                      {w('thisDevice')}
                    </Badge>
                  )}
                </Group>
                {session.device && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {w('sessionDevice', { device: session.device })}
                  </Text>
                )}
                {session.startedAt && (
                  <Text size="sm" c="dimmed">
                    {w('sessionStarted', { date: when(session.startedAt) })}
                  </Text>
                )}
                {session.lastActiveAt && (
                  <Text size="sm" c="dimmed">
                    {w('sessionActive', { date: when(session.lastActiveAt) })}
                  </Text>
                )}
                {!session.current && (
                  <Group gap="sm">
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={w('signOutSessionOf', { browser })}
                      disabled={pending}
                      onClick={() =>
                        void run(async () => {
                          await api.signOutSession(session.id);
                          return w('sessionSignedOut');
                        })
                      }
                    >
                      {w('signOutSession')}
                    </Button>
                  </Group>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
      {others && (
        <Group>
          <Button
            variant="default"
            disabled={pending}
            onClick={() =>
              void run(async () => {
                await api.signOutOtherSessions();
                return w('othersSignedOut');
              })
            }
          >
            {w('signOutOthers')}
          </Button>
        </Group>
      )}
    </Section>
  );
}
