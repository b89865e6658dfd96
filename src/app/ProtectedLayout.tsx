/**
 * The dashboard shell, once the customer is signed in: the sign-in gate
 * (AppRoutes) stands in front of it, so nothing here runs for a visitor who
 * is not. It makes the session API the pages use (here, after sign-in, so its
 * code is not on the path to the sign-in form) and asks the questions that
 * follow a sign-in: remember this device, then add a passkey.
 */
import { lazy, use, useCallback, useEffect, useMemo, useState, Suspense } from 'react';
import { useAuth, useAuthActor, useAuthSettings } from '../authenticator/index.ts';
import { PageLoader } from '../layout/index.ts';
import { sessionApiFrom, SessionProvider } from '../session/index.ts';
import { AuthClientContext } from './authClientContext.ts';

// The shell comes after sign-in, so the sign-in screens do not wait for it.
const AppLayout = lazy(() => import('../layout/AppLayout.tsx').then((module) => ({ default: module.AppLayout })));
// Asked only after a sign-in on a new device, where the pool remembers devices on the customer's word.
const RememberDevicePrompt = lazy(() => import('../pages/account/RememberDevicePrompt.tsx'));
// Offered only after a password sign-in, to a customer without a passkey, where the pool allows passkeys.
const PasskeyOfferPrompt = lazy(() => import('../pages/account/PasskeyOfferPrompt.tsx'));

/** The question asked after sign-in, one at a time: the device first, then the passkey. */
type Question = 'device' | 'passkey' | null;

/** The dashboard shell behind the sign-in gate. */
export function ProtectedLayout() {
  const actor = useAuthActor();
  const user = useAuth((s) => s.context.user);
  const client = use(AuthClientContext);
  if (!client) throw new Error('ProtectedLayout needs the client: App provides AuthClientContext.');
  const { totpIssuer, firstFactors, offerPasskey } = useAuthSettings();
  const passkeys = firstFactors.includes('WEB_AUTHN');
  const session = useMemo(
    () => sessionApiFrom(client, { totpIssuer, passkeys, offerPasskey, firstFactors }),
    [client, totpIssuer, passkeys, offerPasskey, firstFactors],
  );
  const [question, setQuestion] = useState<Question>(null);
  // The account whose passkey the sign-in card's autofill offers next time on this device.
  useEffect(() => void session.passkeys?.rememberForAutofill(), [session]);
  // The top bar's e-mail, read again from the id token whenever the tokens are refreshed: after a verified e-mail
  // change they name the new address (the machine keeps the user it signed in).
  const [refreshedEmail, setRefreshedEmail] = useState<string>();
  useEffect(
    () =>
      client.onSessionEvent((event) => {
        if (event.type !== 'tokenRefreshed') return;
        client.getCurrentUser().then(
          (current) => setRefreshedEmail(current.email),
          () => {},
        );
      }),
    [client],
  );
  // Whether to offer a passkey; a failure (the account chunk, ListWebAuthnCredentials) just means no offer. Where the
  // browser makes one with no dialog, that is the offer; elsewhere, or refused, the question.
  const askPasskey = useCallback(
    (live: () => boolean) =>
      session.passkeys
        ?.offerDue()
        .then(async (due) => {
          if (due && (await session.passkeys?.addQuietly())) {
            session.passkeys?.offerAnswered('created');
            return false;
          }
          return due;
        })
        .then(
          (due) => live() && setQuestion(due ? 'passkey' : null),
          () => live() && setQuestion(null),
        ),
    [session],
  );
  useEffect(() => {
    let live = true;
    // Known only after the client's account chunk has loaded; a failure there just means no question is asked.
    session.deviceAwaitingChoice().then(
      (ask) => {
        if (!live) return;
        if (ask) setQuestion('device');
        else void askPasskey(() => live);
      },
      () => live && void askPasskey(() => live),
    );
    return () => {
      live = false;
    };
  }, [session, askPasskey]);
  return (
    <SessionProvider api={session}>
      <Suspense fallback={<PageLoader fullPage />}>
        <AppLayout userLabel={refreshedEmail ?? user?.email} onProfile={() => actor.send({ type: 'SIGN_OUT' })} />
      </Suspense>
      {question === 'device' && (
        <Suspense fallback={null}>
          {/* The passkey, if it is due, is offered once this question is answered, never beside it. */}
          <RememberDevicePrompt
            onClose={() => {
              setQuestion(null);
              void askPasskey(() => true);
            }}
          />
        </Suspense>
      )}
      {question === 'passkey' && session.passkeys && (
        <Suspense fallback={null}>
          <PasskeyOfferPrompt api={session.passkeys} onClose={() => setQuestion(null)} />
        </Suspense>
      )}
    </SessionProvider>
  );
}
