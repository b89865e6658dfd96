import { Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { federatedProvider, useSession, type Attributes } from '../../session/index.ts';
import { PageHeader } from '../shared/PageHeader.tsx';
import { AwsAccessSection } from './AwsAccessSection.tsx';
import { ConfirmingSession } from './ConfirmItsYou.tsx';
import { DeleteSection } from './DeleteSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { FederatedSection } from './FederatedSection.tsx';
import { OutcomeMessage } from './Outcome.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ReadingContext, useReadingCount } from './reading.ts';
import { ProfileSection } from './ProfileSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { SignedInSection } from './SignedInSection.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';
import { messageOf, nameOf, useWords } from './useWords.ts';

/** /dashboard/account: the customer's own account, reached from the top bar's "Account". */
export function AccountPage() {
  const api = useSession();
  const { w, tr } = useWords();
  const [attributes, setAttributes] = useState<Attributes | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, beginReading] = useReadingCount();
  // The first read comes from the id token (no request); after a change, from the pool.
  useEffect(() => {
    let live = true;
    api.attributes().then(
      (read) => live && setAttributes(read),
      (failure: unknown) => live && setError(tr(messageOf(failure), nameOf(failure))),
    );
    return () => {
      live = false;
    };
  }, [api, tr]);
  const reload = useCallback(async () => {
    try {
      setAttributes(await api.attributes({ fresh: true }));
    } catch (failure) {
      setError(tr(messageOf(failure), nameOf(failure)));
    }
  }, [api, tr]);
  // A customer who signs in with Google and the like has no password here, and the pool asks them no second factor.
  const provider = attributes && federatedProvider(attributes);

  return (
    <>
      <PageHeader title={w('title')} description={w('lead')} />
      <OutcomeMessage outcome={error ? { kind: 'error', message: error } : null} onClose={() => setError(null)} />
      {attributes ? (
        // Sensitive changes ask "Confirm it's you" first when the sign-in is over ten minutes old.
        <ConfirmingSession>
          {/* Busy until every section has read what it shows: until then a section may still appear and move the rest. */}
          <ReadingContext value={beginReading}>
            <Stack gap="lg" aria-busy={reading || undefined}>
              <ProfileSection attributes={attributes} onChanged={reload} />
              {provider ? (
                <FederatedSection provider={provider} />
              ) : (
                <>
                  <PasswordSection />
                  <TwoStepSection attributes={attributes} />
                </>
              )}
              <DevicesSection />
              {!provider && <Passkeys />}
              <SignedInSection />
              <SessionsSection />
              <AwsAccessSection />
              <DeleteSection email={attributes.email ?? ''} />
            </Stack>
          </ReadingContext>
        </ConfirmingSession>
      ) : (
        !error && (
          <Stack align="center" p="xl" role="status" aria-busy="true">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {w('loading')}
            </Text>
          </Stack>
        )
      )}
    </>
  );
}

export { AccountPage as Component };

/** The passkeys section, where the pool offers passkeys, with the session of ConfirmingSession: deleting or adding one asks first too. */
function Passkeys() {
  const { passkeys } = useSession();
  return passkeys ? <PasskeysSection api={passkeys} /> : null;
}
