import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from '../authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import { createRouter } from './router.tsx';
import { theme } from './theme.ts';

export function App({ client, mailboxUrl }: { client: AuthClient; mailboxUrl?: string }) {
  const [router] = useState(() => createRouter({ mailboxUrl }));
  return (
    <MantineProvider theme={theme}>
      <AuthProvider client={client}>
        <RouterProvider router={router} />
      </AuthProvider>
    </MantineProvider>
  );
}
