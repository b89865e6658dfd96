import { MantineProvider } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from '../authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import { layoutColorSchemeManager, LayoutProvider, useLayout } from '../layout/index.ts';
import { createRouter } from './router.tsx';
import { themeFor } from './theme.ts';

export function App({ client, mailboxUrl }: { client: AuthClient; mailboxUrl?: string }) {
  const [router] = useState(() => createRouter({ mailboxUrl }));
  return (
    <LayoutProvider>
      <ThemedMantineProvider>
        <AuthProvider client={client}>
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
