import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthProvider, type FirstFactor, type SignUpAttribute } from '../authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import type { AppConfig } from '../config/config.ts';
import { LanguageProvider, useTranslation } from '../i18n/index.ts';
import { layoutColorSchemeManager, LayoutProvider, useLayout } from '../layout/index.ts';
import { UpdateNotice } from '../pwa/UpdateNotice.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { AuthClientContext } from './authClientContext.ts';
import { OfflineNotice } from './OfflineNotice.tsx';
import { themeFor } from './theme.ts';

export interface AppProps {
  client: AuthClient;
  config: AppConfig;
  /** the local test pool's mailbox, linked from the sign-in screens in development */
  mailboxUrl?: string;
  /** the page was opened on a path the sign-in gate guards: its widget is the first screen, the router comes after sign-in (see AppRoutes) */
  signInFirst: boolean;
  /** the sign-in card prerendered into index.html, still showing */
  prerenderedCard?: HTMLElement | null;
}

export function App({ client, config, mailboxUrl, signInFirst, prerenderedCard = null }: AppProps) {
  const settings = useMemo(
    () => ({
      totpIssuer: config.totpIssuer,
      socialProviders: config.socialProviders,
      // Unknown names are dropped by the widget (resolveSettings), so a typo cannot break the form.
      signUpAttributes: config.signUpAttributes as SignUpAttribute[],
      // Likewise for first factors: only those the widget has a button for count.
      firstFactors: config.firstFactors as FirstFactor[],
      offerPasskey: config.offerPasskey,
      mailboxUrl,
    }),
    [config, mailboxUrl],
  );
  // While the app is open, the session is refreshed ahead of expiry and when the network comes back.
  useEffect(() => client.keepSessionFresh(), [client]);
  return (
    <LayoutProvider>
      <ThemedMantineProvider>
        <LanguageProvider>
          <FollowDirection />
          <AuthProvider client={client} settings={settings}>
            {/* The client for the session API the dashboard's pages get (ProtectedLayout, after sign-in). */}
            <AuthClientContext value={client}>
              <AppRoutes signInFirst={signInFirst} prerenderedCard={prerenderedCard} />
            </AuthClientContext>
            <OfflineNotice />
            <UpdateNotice />
          </AuthProvider>
        </LanguageProvider>
      </ThemedMantineProvider>
    </LayoutProvider>
  );
}

/** Mantine's direction (its popovers and sliders) follows the customer's language: right to left for Arabic and Hebrew. */
function FollowDirection() {
  const { direction } = useTranslation();
  const { dir, setDirection } = useDirection();
  useEffect(() => {
    if (dir !== direction) setDirection(direction);
  }, [dir, direction, setDirection]);
  return null;
}

/** Mantine, themed by the customer's settings; the layout state decides the colour scheme; the direction is <html dir>'s, which the language sets. */
function ThemedMantineProvider({ children }: { children: ReactNode }) {
  const { theme: themeId, inputStyle, colorScheme } = useLayout().state.config;
  const theme = useMemo(() => themeFor({ theme: themeId, inputStyle }), [themeId, inputStyle]);
  const [colorSchemeManager] = useState(layoutColorSchemeManager);
  return (
    <DirectionProvider detectDirection>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" forceColorScheme={colorScheme}>
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
