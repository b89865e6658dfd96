/**
 * The sign-in widget's own words in English, the default language. Button
 * and field names follow the vocabulary customers and QA scripts know from
 * hosted sign-in widgets ("Sign In", "Create Account", "Back to Sign In", …);
 * the sentences are this product's. `{name}` marks a value filled in at run
 * time (see format() in translate.ts).
 */
export const en = {
  // The card
  tabSignIn: 'Sign In',
  tabSignUp: 'Create Account',
  language: 'Language',
  dismissError: 'Dismiss error',
  loading: 'Loading',
  screenLoadFailed: 'This step could not be loaded. Check the connection and try again.',
  tryAgain: 'Try again',
  mailboxBefore: 'Codes from the local test pool arrive in its',
  mailboxLink: 'mailbox',
  providerCancelled: 'You left the sign-in page of the provider without signing in. Choose how to sign in.',
  passwordChangedNotice: 'Your password is changed. Sign in with the new one.',
  signedOutEverywhereNotice: 'You are signed out on all devices.',
  accountDeletedNotice: 'Your account is deleted.',
  signedOutElsewhereNotice: 'You were signed out from another tab or device. Sign in again to carry on.',

  // Fields (spec §3)
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  newPassword: 'New Password',
  confirmationCode: 'Confirmation Code',
  code: 'Code',
  username: 'Username',
  birthdate: 'Birthdate',
  familyName: 'Family Name',
  givenName: 'Given Name',
  middleName: 'Middle Name',
  name: 'Name',
  nickname: 'Nickname',
  phoneNumber: 'Phone Number',
  countryCode: 'Country Code',
  preferredUsername: 'Preferred Username',
  profile: 'Profile',
  website: 'Website',
  showPassword: 'Show password',
  passwordRules: 'At least {min} characters, with lower and upper case letters, a number and a symbol.',

  // Buttons and links
  signIn: 'Sign in',
  forgotPassword: 'Forgot your password?',
  createAccount: 'Create Account',
  confirm: 'Confirm',
  resendCode: 'Resend Code',
  resendCodeIn: '{label} ({seconds} s)',
  codeResent: 'A new code is on its way to {destination}.',
  backToSignIn: 'Back to Sign In',
  sendCode: 'Send code',
  submit: 'Submit',
  changePassword: 'Change Password',
  verify: 'Verify',
  skip: 'Skip',
  federatedSignIn: 'Sign In with {provider}',
  federatedDivider: 'or',

  // confirmSignUp
  confirmSignUpHeading: 'Confirm your account',
  confirmSignUpText: 'We sent a code to {destination}. Enter it below to confirm the account; it can take a minute to arrive.',
  yourEmail: 'your e-mail',
  yourPhone: 'your phone',

  // confirmSignIn
  smsHeading: 'Enter the code from your text message',
  smsText: 'We texted a six-digit code to {destination}.',
  totpHeading: 'Enter the code from your authenticator app',
  totpText: 'Open your authenticator app and type the six-digit code it shows for this account.',
  mfaChoiceHeading: 'Choose your second step',
  mfaChoiceText: 'Your account can confirm a sign-in in more than one way. Which one do you want to use now?',
  mfaChoiceLabel: 'Second step',
  mfaSms: 'A code by text message (SMS)',
  mfaTotp: 'A code from an authenticator app (TOTP)',
  mfaEmail: 'A code by e-mail',

  // setupTotp
  setupTotpHeading: 'Set up an authenticator app',
  setupTotpText: 'Scan the QR code with an authenticator app, or type the secret key into it. Then enter the code the app shows.',
  qrCodeAlt: 'QR code of the secret key for {user}',
  qrCodeFailed: 'The QR code could not be drawn. Type the secret key below into your authenticator app instead.',
  secretKey: 'Secret key',
  copySecret: 'Copy the secret key',
  copied: 'Copied',
  copy: 'Copy',

  // forceNewPassword
  forceNewPasswordHeading: 'Choose your own password',
  forceNewPasswordText: 'Your account was set up for you with a temporary password. Choose a new one to finish signing in.',

  // forgotPassword
  forgotPasswordHeading: 'Reset your password',
  forgotPasswordText: 'Enter the e-mail of your account and we will send you a code to choose a new password.',

  // confirmResetPassword
  confirmResetHeading: 'Choose a new password',
  confirmResetText: 'We sent a code to {destination}. Enter it with the new password.',

  // verifyUser
  verifyUserHeading: 'Verify your contact details',
  verifyUserText:
    'A verified e-mail or phone lets you recover the account if you lose the password. Choose one to receive a code, or skip for now.',
  verifyUserLabel: 'Where should the code go?',
  verifyEmail: 'Email: {value}',
  verifyPhone: 'Phone Number: {value}',

  // confirmVerifyUser
  confirmVerifyHeading: 'Enter the verification code',
  confirmVerifyText: 'We sent a code to {destination}.',
} as const;

export type UiKey = keyof typeof en;
export type UiStrings = Record<UiKey, string>;
