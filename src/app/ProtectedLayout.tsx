/**
 * The composition root's two uses of the sign-in widget: around the
 * dashboard shell (the URL stays, so a deep link survives sign-in) and as the
 * /auth/login page (which moves on once the customer is signed in).
 */
import { lazy, use, useEffect, useMemo, useState, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Authenticator, useAuth, useAuthActor, useAuthSettings } from '../authenticator/index.ts';
import { PageLoader, safeRedirect } from '../layout/index.ts';
import { sessionApiFrom, SessionProvider } from '../session/index.ts';
import { AuthClientContext } from './authClientContext.ts';

// The shell comes after sign-in, so the sign-in screens do not wait for it.
const AppLayout = lazy(() => import('../layout/AppLayout.tsx').then((module) => ({ default: module.AppLayout })));
// Asked only after a sign-in on a new device, where the pool remembers devices on the customer's word.
const RememberDevicePrompt = lazy(() => import('../pages/account/RememberDevicePrompt.tsx'));

/** The dashboard shell behind the sign-in widget. */
export function ProtectedLayout() {
  return (
    <Authenticator>
      <SignedInLayout />
    </Authenticator>
  );
}

function SignedInLayout() {
  const actor = useAuthActor();
  const user = useAuth((s) => s.context.user);
  const client = use(AuthClientContext);
  if (!client) throw new Error('ProtectedLayout needs the client: App provides AuthClientContext.');
  const { totpIssuer, firstFactors } = useAuthSettings();
  const passkeys = firstFactors.includes('WEB_AUTHN');
  const session = useMemo(() => sessionApiFrom(client, { totpIssuer, passkeys }), [client, totpIssuer, passkeys]);
  const [askDevice, setAskDevice] = useState(false);
  useEffect(() => {
    let live = true;
    // Known only after the client's account chunk has loaded; a failure there just means no question is asked.
    session.deviceAwaitingChoice().then(
      (ask) => live && setAskDevice(ask),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [session]);
  return (
    <SessionProvider api={session}>
      <Suspense fallback={<PageLoader fullPage />}>
        <AppLayout userLabel={user?.email} onProfile={() => actor.send({ type: 'SIGN_OUT' })} />
      </Suspense>
      {askDevice && (
        <Suspense fallback={null}>
          <RememberDevicePrompt onClose={() => setAskDevice(false)} />
        </Suspense>
      )}
    </SessionProvider>
  );
}

/** /auth/login: the sign-in widget, then the page `?redirect=` names (on this origin) or the dashboard. */
export function SignInRoute() {
  return (
    <Authenticator>
      <RedirectAfterSignIn />
    </Authenticator>
  );
}

function RedirectAfterSignIn() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect'), window.location.origin)} replace />;
}
