import { MantineProvider } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from '../authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import type { AppConfig } from '../config/config.ts';
import { layoutColorSchemeManager, LayoutProvider, useLayout } from '../layout/index.ts';
import { createRouter } from './router.tsx';
import { themeFor } from './theme.ts';

export interface AppProps {
  client: AuthClient;
  config: AppConfig;
  /** the local test pool's mailbox, linked from the sign-in screens in development */
  mailboxUrl?: string;
}

export function App({ client, config, mailboxUrl }: AppProps) {
  const [router] = useState(() => createRouter({ mailboxUrl }));
  const settings = useMemo(
    () => ({ totpIssuer: config.totpIssuer, socialProviders: config.socialProviders, mailboxUrl }),
    [config, mailboxUrl],
  );
  // While the app is open, the session is refreshed ahead of expiry and when the network comes back.
  useEffect(() => client.keepSessionFresh(), [client]);
  return (
    <LayoutProvider>
      <ThemedMantineProvider>
        <AuthProvider client={client} settings={settings}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ThemedMantineProvider>
    </LayoutProvider>
  );
}

/** Mantine, themed by the customer's settings; the layout state decides the colour scheme. */
function ThemedMantineProvider({ children }: { children: ReactNode }) {
  const { theme: themeId, inputStyle, colorScheme } = useLayout().state.config;
  const theme = useMemo(() => themeFor({ theme: themeId, inputStyle }), [themeId, inputStyle]);
  const [colorSchemeManager] = useState(layoutColorSchemeManager);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" forceColorScheme={colorScheme}>
      {children}
    </MantineProvider>
  );
}
