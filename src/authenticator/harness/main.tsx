/**
 * The sign-in widget on its own, for the dev server only
 * (http://localhost:5173/src/authenticator/harness/index.html): the screens
 * with settings the app does not use yet, given in the query string, against
 * the same test pool as the app. The e2e specs use it for what needs such
 * settings (sign-up attributes, federated buttons, hidden sign-up, a TOTP
 * issuer with spaces). It is not an entry of the production build.
 *
 *   ?settings={"signUpAttributes":["given_name","phone_number"],"totpIssuer":"Acme Area"}
 *   &options={"hideSignUp":true}
 */
import '@mantine/core/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AuthenticatorInput } from '../../../machines/authenticator/index.ts';
import { createAuthClient, type CognitoConfig } from '../../cognito/index.ts';
import { LanguageProvider } from '../../i18n/index.ts';
import { AuthProvider } from '../AuthProvider.tsx';
import { SignedInPlaceholder } from '../SignedInPlaceholder.tsx';
import { Authenticator } from '../Authenticator.tsx';
import type { AuthSettings } from '../settings.ts';

// Filled buttons dark enough for white text at 4.5:1, as the app's own theme does.
const theme = createTheme({ primaryColor: 'indigo', primaryShade: 8 });

function fromQuery<T>(name: string): T | undefined {
  const raw = new URLSearchParams(window.location.search).get(name);
  return raw ? (JSON.parse(raw) as T) : undefined;
}

const config = (await fetch('/config.json').then((response) => response.json())) as CognitoConfig & { endpoint?: string };
const client = createAuthClient({ config });
const settings: AuthSettings = {
  mailboxUrl: config.endpoint ? `${config.endpoint}/_emulator/` : undefined,
  ...fromQuery<AuthSettings>('settings'),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <LanguageProvider>
        <AuthProvider client={client} settings={settings} options={fromQuery<AuthenticatorInput>('options')}>
          <Authenticator>
            <SignedInPlaceholder />
          </Authenticator>
        </AuthProvider>
      </LanguageProvider>
    </MantineProvider>
  </StrictMode>,
);
