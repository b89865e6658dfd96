import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { ScreenRoute } from '../../machines/authenticator/index.ts';
import { AuthCard } from './AuthCard.tsx';
import classes from './AuthCard.module.css';
import { useAuth, useRoute } from './AuthProvider.tsx';
import { useTranslation } from '../i18n/index.ts';
import { ConfirmResetPasswordScreen } from './screens/ConfirmResetPasswordScreen.tsx';
import { ConfirmSignInScreen } from './screens/ConfirmSignInScreen.tsx';
import { ConfirmSignUpScreen } from './screens/ConfirmSignUpScreen.tsx';
import { ConfirmVerifyUserScreen } from './screens/ConfirmVerifyUserScreen.tsx';
import { ForceNewPasswordScreen } from './screens/ForceNewPasswordScreen.tsx';
import { ForgotPasswordScreen } from './screens/ForgotPasswordScreen.tsx';
import { PasskeyScreen, SelectFactorScreen, SetupTotpScreen } from './lazyScreens.tsx';
import { SignInScreen } from './screens/SignInScreen.tsx';
import { SignUpScreen } from './screens/SignUpScreen.tsx';
import { VerifyUserScreen } from './screens/VerifyUserScreen.tsx';

/** One screen per route a visitor sees (spec §4); the type insists on every one. */
const screens: Record<ScreenRoute, ComponentType> = {
  signIn: SignInScreen,
  signUp: SignUpScreen,
  confirmSignUp: ConfirmSignUpScreen,
  confirmSignIn: ConfirmSignInScreen,
  selectFactor: SelectFactorScreen,
  passkey: PasskeyScreen,
  setupTotp: SetupTotpScreen,
  forceNewPassword: ForceNewPasswordScreen,
  forgotPassword: ForgotPasswordScreen,
  confirmResetPassword: ConfirmResetPasswordScreen,
  verifyUser: VerifyUserScreen,
  confirmVerifyUser: ConfirmVerifyUserScreen,
};

const hasScreen = (route: string): route is ScreenRoute => Object.hasOwn(screens, route);

/**
 * Shows its children once the machine is authenticated and the screen of the
 * current route until then. The URL does not change, so a deep link survives
 * sign-in. Between two screens (transition, signing out) the card stays with
 * a spinner in it; before the stored session is read, only the spinner shows.
 */
export function Authenticator({ children }: { children: ReactNode }) {
  const route = useRoute();
  // A new challenge on confirmSignIn (SMS after choosing it) is a new screen: fresh form, focus on its field.
  const challenge = useAuth((s) => s.context.challengeName);
  if (route === 'authenticated') return children;
  if (route === 'idle' || route === 'setup') {
    return (
      <Center h="100dvh">
        <Waiting />
      </Center>
    );
  }
  const screenKey = route === 'confirmSignIn' ? `${route}:${challenge ?? ''}` : route;
  const Screen = hasScreen(route) ? screens[route] : undefined;
  return (
    <AuthCard screenKey={screenKey}>
      {Screen ? (
        <Suspense
          fallback={
            <div className={classes.loading}>
              <Waiting />
            </div>
          }
        >
          <Screen key={screenKey} />
        </Suspense>
      ) : (
        <div className={classes.loading}>
          <Waiting />
        </div>
      )}
    </AuthCard>
  );
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
