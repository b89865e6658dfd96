/**
 * The sign-in screen's buttons for the passwordless first factors, as a lazy component: they come in the
 * passwordless chunk (./passwordless/), which the screens after the first one (laterScreens.ts) also use,
 * so the first screen does not carry them (scripts/vite/budget.ts). They sit under the sign-in form and
 * must not take its focus.
 */
import { lazy } from 'react';

export const PasswordlessOptions = lazy(async () => ({ default: (await import('./passwordless/index.ts')).PasswordlessOptions }));
