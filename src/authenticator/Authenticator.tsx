import { Alert, Button, Center, Loader, VisuallyHidden } from '@mantine/core';
import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { ScreenRoute } from '../../machines/authenticator/index.ts';
import { AuthCard } from './AuthCard.tsx';
import classes from './AuthCard.module.css';
import { useAuth, useRoute } from './AuthProvider.tsx';
import { useTranslation } from '../i18n/index.ts';
import { PhoneFieldContext } from './fields/phoneFieldContext.ts';
import { SignInScreen } from './screens/SignInScreen.tsx';
import { loadLaterScreens, useLaterScreens, type LaterScreens } from './laterScreens.ts';

type LaterScreenName = { [K in keyof LaterScreens]: LaterScreens[K] extends ComponentType ? K : never }[keyof LaterScreens];

/**
 * One screen per route a visitor sees (spec §4); the type insists on every one. The first screen is in the
 * entry, the others in the later screens' chunk (laterScreens.ts).
 */
const screens: Record<ScreenRoute, { first: ComponentType } | { later: LaterScreenName }> = {
  signIn: { first: SignInScreen },
  signUp: { later: 'SignUpScreen' },
  confirmSignUp: { later: 'ConfirmSignUpScreen' },
  confirmSignIn: { later: 'ConfirmSignInScreen' },
  selectFactor: { later: 'SelectFactorScreen' },
  passkey: { later: 'PasskeyScreen' },
  setupTotp: { later: 'SetupTotpScreen' },
  forceNewPassword: { later: 'ForceNewPasswordScreen' },
  forgotPassword: { later: 'ForgotPasswordScreen' },
  confirmResetPassword: { later: 'ConfirmResetPasswordScreen' },
  verifyUser: { later: 'VerifyUserScreen' },
  confirmVerifyUser: { later: 'ConfirmVerifyUserScreen' },
};

const hasScreen = (route: string): route is ScreenRoute => Object.hasOwn(screens, route);

export interface AuthenticatorProps {
  /**
   * Whether the widget stands in front of its children (the default). The app mounts it once, around
   * everything, and lowers it on a public page (src/app/AppRoutes.tsx): the children then show whatever the
   * route, and the later screens are not fetched. Changing it keeps the children mounted where they show.
   */
  guards?: boolean;
  children: ReactNode;
}

/**
 * Shows its children once the machine is authenticated and the screen of the
 * current route until then. The URL does not change, so a deep link survives
 * sign-in. Between two screens (transition, signing out) the card stays with
 * a spinner in it; before the stored session is read, only the spinner shows.
 */
export function Authenticator({ guards = true, children }: AuthenticatorProps) {
  const route = useRoute();
  // A new challenge on confirmSignIn (SMS after choosing it) is a new screen: fresh form, focus on its field.
  const challenge = useAuth((s) => s.context.challengeName);
  const later = useLaterScreens();
  const { t } = useTranslation();
  const entry = hasScreen(route) ? screens[route] : undefined;
  const waitsForLater = entry !== undefined && 'later' in entry;
  // The later screens load once the first one is up and the browser has nothing better to do, or at once
  // when the customer is on one of them already (a deep link to a step, or a press before the idle time).
  // Where it does not guard (a public page), nothing is fetched for the screens.
  useEffect(() => {
    if (!guards) return;
    return waitsForLater ? void loadLaterScreens() : whenIdle(() => void loadLaterScreens());
  }, [guards, waitsForLater]);
  if (route === 'authenticated' || !guards) return children;
  if (route === 'idle' || route === 'setup') {
    return (
      <Center h="100dvh">
        <Waiting />
      </Center>
    );
  }
  const screenKey = route === 'confirmSignIn' ? `${route}:${challenge ?? ''}` : route;
  let Screen: ComponentType | undefined;
  if (entry && 'first' in entry) Screen = entry.first;
  else if (entry && later.status === 'loaded') Screen = later.screens[entry.later];

  const waiting = (
    <div className={classes.loading}>
      <Waiting />
    </div>
  );
  let body: ReactNode;
  if (Screen && waitsForLater) {
    // Their words (the catalogue's screens part) come with them; in a language they were not loaded in (a studio
    // frame switched language, say), the screen waits for them rather than showing keys.
    body = (
      <Suspense fallback={waiting}>
        <WithLaterWords>
          <PhoneFieldContext value={later.status === 'loaded' ? later.screens.PhoneField : null}>
            <Screen key={screenKey} />
          </PhoneFieldContext>
        </WithLaterWords>
      </Suspense>
    );
  } else if (Screen) body = <Screen key={screenKey} />;
  else if (later.status === 'failed') {
    body = (
      <Alert color="red" role="alert" title={t('screenLoadFailed')}>
        <Button mt="sm" variant="light" onClick={() => void loadLaterScreens()}>
          {t('tryAgain')}
        </Button>
      </Alert>
    );
  } else {
    body = waiting;
  }
  // The card moves the focus into a screen when its key changes: the key changes again when a screen that
  // had to wait for its chunk arrives.
  return <AuthCard screenKey={Screen ? screenKey : `${screenKey}:waiting`}>{body}</AuthCard>;
}

/** Runs `task` when the browser is idle (soon in any case); the returned function cancels it. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

function Waiting() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </div>
  );
}

/** The later screens' words in the customer's language, waited for (Suspense) where they have not arrived. */
function WithLaterWords({ children }: { children: ReactNode }) {
  useTranslation('screens');
  return children;
}
