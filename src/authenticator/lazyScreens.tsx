/**
 * Screens few customers see, as lazy components, so the first screen does not
 * carry them (scripts/vite/budget.ts): the passwordless screens and the
 * sign-in screen's buttons for them (one chunk, ./passwordless/), and the
 * authenticator-app setup with its QR code. A lazy screen arrives after the
 * card's focus moved, so it takes the keyboard to its first field itself.
 */
import { lazy, useEffect, useRef, type ComponentType } from 'react';
import { focusFirstField, focusIsOnAField } from './focus.ts';

function focused<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function Focused(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (!focusIsOnAField(ref.current)) focusFirstField(ref.current);
    }, []);
    return (
      <div ref={ref}>
        <Screen {...props} />
      </div>
    );
  };
}

const passwordless = () => import('./passwordless/index.ts');
type Screens = 'SelectFactorScreen' | 'PasskeyScreen' | 'EmailCodeScreen' | 'PasswordScreen';
const part = (name: Screens) => lazy(async () => ({ default: focused<object>((await passwordless())[name]) }));

export const SelectFactorScreen = part('SelectFactorScreen');
export const PasskeyScreen = part('PasskeyScreen');
export const EmailCodeScreen = part('EmailCodeScreen');
export const PasswordScreen = part('PasswordScreen');
// The buttons sit under the sign-in form: they must not take its focus.
export const PasswordlessOptions = lazy(async () => ({ default: (await passwordless()).PasswordlessOptions }));
export const SetupTotpScreen = lazy(async () => ({ default: focused((await import('./screens/SetupTotpScreen.tsx')).SetupTotpScreen) }));
