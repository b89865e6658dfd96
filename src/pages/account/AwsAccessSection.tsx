import { Button, Stack, Text } from '@mantine/core';
import { intlLocale } from '../../i18n/index.ts';
import { useSession, type SessionApi } from '../../session/index.ts';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, useAction, useFirstRead } from './Outcome.tsx';
import { useWords } from './useWords.ts';

const readAccess = (api: SessionApi) => api.awsAccess();

/**
 * AWS access, where an identity pool is configured: the customer's identity
 * (GetId) and when the credentials in use expire (GetCredentialsForIdentity).
 * The client reuses credentials for 50 minutes (spec §9), so opening the page
 * again within that time asks the identity pool nothing.
 */
export function AwsAccessSection() {
  const api = useSession();
  const { w, language } = useWords();
  // undefined until the first read; null where no identity pool is configured
  const { pending, outcome, setOutcome, run, fail } = useAction();
  const [access, setAccess] = useFirstRead(readAccess, fail);

  if (access === null || (access === undefined && outcome?.kind !== 'error')) return null;

  const refresh = () => run(async () => setAccess(await api.awsAccess({ fresh: true })));

  const when = (date: Date) => date.toLocaleString(intlLocale(language), { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <Section title={w('awsAccess')} description={w('awsAccessLead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      {access ? (
        <Stack gap="sm">
          <dl style={{ margin: 0 }}>
            <Text component="dt" size="sm" c="dimmed">
              {w('identityId')}
            </Text>
            <Text component="dd" ms={0} mb="xs" ff="monospace" data-testid="identity-id" style={{ overflowWrap: 'anywhere' }}>
              {access.identityId}
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              {w('credentialsExpire')}
            </Text>
            <Text component="dd" ms={0} data-testid="credentials-expire">
              {access.expiration ? when(access.expiration) : '—'}
            </Text>
          </dl>
          <Button variant="default" w="fit-content" loading={pending} disabled={pending} onClick={() => void refresh()}>
            {w('refreshCredentials')}
          </Button>
        </Stack>
      ) : null}
    </Section>
  );
}
