/**
 * What a customer does with an account, as opposed to signing in: signing
 * up, the password (reset and change), the attributes, MFA, passkeys, remembered devices, where the customer is signed in. The
 * client loads this module the first time one of them is called, so the
 * sign-in form does not carry it (scripts/vite/budget.ts).
 */
export * as account from './account.ts';
export * as attributes from './attributes.ts';
export * as devices from './devices.ts';
export * as mfa from './mfa.ts';
export * as security from './security.ts';
export * as passkeys from './passkeys.ts';
export * as signUp from './signUp.ts';
export * as userSessions from './userSessions.ts';
