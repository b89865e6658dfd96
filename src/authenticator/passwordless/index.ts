/**
 * The passwordless screens (choice of first factor, passkey prompt, e-mailed
 * code, password picked from the choice) and the sign-in screen's buttons
 * for them: one lazily loaded chunk, off the
 * path to the first screen. The words module registers its messages on load.
 */
export { EmailCodeScreen, PasswordScreen } from './FactorScreens.tsx';
export { PasskeyScreen } from './PasskeyScreen.tsx';
export { PasswordlessOptions } from './PasswordlessOptions.tsx';
export { SelectFactorScreen } from './SelectFactorScreen.tsx';
