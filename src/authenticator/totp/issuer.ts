/**
 * The issuer an authenticator app shows unless the app is configured otherwise (spec §7). A module of its own: the
 * sign-in's settings read it in the entry, and otpauth.ts, which only the TOTP set-up screens need, stays in theirs.
 */
export const DEFAULT_TOTP_ISSUER = 'AWSCognito';
