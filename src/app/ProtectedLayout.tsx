import { Authenticator, useAuth, useAuthActor } from '../authenticator/index.ts';
import { AppLayout } from '../layout/index.ts';

/** The dashboard shell behind the sign-in widget. */
export function ProtectedLayout({ mailboxUrl }: { mailboxUrl?: string }) {
  return (
    <Authenticator mailboxUrl={mailboxUrl}>
      <SignedInLayout />
    </Authenticator>
  );
}

function SignedInLayout() {
  const actor = useAuthActor();
  const user = useAuth((s) => s.context.user);
  return <AppLayout userLabel={user?.email} onProfile={() => actor.send({ type: 'SIGN_OUT' })} />;
}
