/**
 * The sign-in screen's buttons for the passwordless first factors, as a lazy component: they come in the
 * passwordless chunk (./passwordless/), which the screens after the first one (laterScreens.ts) also use,
 * so the first screen does not carry them (scripts/vite/budget.ts). They sit under the sign-in form and
 * must not take its focus.
 */
import { lazy } from 'react';
import { loadShownPart } from '../i18n/index.ts';

export const PasswordlessOptions = lazy(async () => {
  // The buttons' words (the catalogue's `screens` part) arrive beside them.
  const [screens] = await Promise.all([import('./passwordless/index.ts'), loadShownPart('screens')]);
  return { default: screens.PasswordlessOptions };
});
