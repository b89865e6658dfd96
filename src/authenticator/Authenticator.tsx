import { Center, Loader } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import type { Route } from '../../machines/authenticator/index.ts';
import { AuthCard } from './AuthCard.tsx';
import { useRoute } from './AuthProvider.tsx';
import { ConfirmSignUpScreen } from './screens/ConfirmSignUpScreen.tsx';
import { SignInScreen } from './screens/SignInScreen.tsx';
import { SignUpScreen } from './screens/SignUpScreen.tsx';

/** Routes a visitor sees a screen for; the others are moments between screens. */
const screens: Partial<Record<Route, ComponentType>> = {
  signIn: SignInScreen,
  signUp: SignUpScreen,
  confirmSignUp: ConfirmSignUpScreen,
};

/**
 * Shows its children once the machine is authenticated and the screen of the
 * current route until then. The URL does not change, so a deep link survives sign-in.
 */
export function Authenticator({ children, mailboxUrl }: { children: ReactNode; mailboxUrl?: string }) {
  const route = useRoute();
  if (route === 'authenticated') return children;
  const Screen = screens[route];
  if (!Screen) {
    return (
      <Center h="100dvh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <AuthCard mailboxUrl={mailboxUrl}>
      <Screen key={route} />
    </AuthCard>
  );
}
