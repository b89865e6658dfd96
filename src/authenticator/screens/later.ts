/**
 * Every screen after the first one, in a chunk of its own (see ../laterScreens.ts): a visitor meets the
 * sign-in screen first, and these load while they type.
 */
export { ConfirmResetPasswordScreen } from './ConfirmResetPasswordScreen.tsx';
export { ConfirmSignInScreen } from './ConfirmSignInScreen.tsx';
export { ConfirmSignUpScreen } from './ConfirmSignUpScreen.tsx';
export { ConfirmVerifyUserScreen } from './ConfirmVerifyUserScreen.tsx';
export { ForceNewPasswordScreen } from './ForceNewPasswordScreen.tsx';
export { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';
export { PasskeyScreen, SelectFactorScreen } from '../passwordless/index.ts';
export { SetupTotpScreen } from './SetupTotpScreen.tsx';
export { SignUpScreen } from './SignUpScreen.tsx';
// Only these screens ask for a phone number: the field and its dial codes come with them (fields/FieldList.tsx).
export { PhoneField } from '../fields/PhoneField.tsx';
export { VerifyUserScreen } from './VerifyUserScreen.tsx';
