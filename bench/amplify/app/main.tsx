/**
 * A plain AWS Amplify `<Authenticator>` app, the benchmark's reference
 * (bench/compare.ts): Amplify configured for the test pool, sign-in with the
 * e-mail, the pool's passwordless factors on (the password form first, "Other
 * sign-in options" for the rest), and a signed-in page whose heading the
 * benchmark waits for, as it waits for the project's dashboard.
 */
import { Authenticator } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import { Amplify } from 'aws-amplify';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { amplifyConfig } from '../amplifyConfig.ts';

Amplify.configure(amplifyConfig(__BENCH_POOL__));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Authenticator loginMechanisms={['email']} passwordless={{ preferredAuthMethod: 'PASSWORD' }}>
      {({ user, signOut }) => (
        <main>
          <h1>Dashboard</h1>
          <p>Signed in as {user?.signInDetails?.loginId ?? user?.username}</p>
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </main>
      )}
    </Authenticator>
  </StrictMode>,
);
