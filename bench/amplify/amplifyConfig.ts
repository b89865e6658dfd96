/**
 * The Amplify app's configuration, derived from the test pool the benchmark
 * starts, as an `amplify_outputs.json` would give it: the pool and its app
 * client, the pool's own endpoint (the emulator), sign-in with the e-mail, and
 * the passwordless first factors the pool allows (its sign-in policy), so the
 * Authenticator offers what the project's sign-in screen offers.
 */
import type { ResourcesConfig } from 'aws-amplify';

/** What the benchmark reads from the pool before building the app (bench/compare.ts). */
export interface BenchPool {
  userPoolId: string;
  userPoolClientId: string;
  /** the pool's endpoint, e.g. http://localhost:9463 */
  endpoint: string;
  /** SignInPolicy.AllowedFirstAuthFactors: PASSWORD, EMAIL_OTP, SMS_OTP, WEB_AUTHN */
  firstFactors: readonly string[];
  /** WebAuthnRelyingPartyID, where passkeys are set up */
  relyingPartyId?: string;
  /** WebAuthnUserVerification: required or preferred */
  userVerification?: string;
}

export function amplifyConfig(pool: BenchPool): ResourcesConfig {
  const passkeys = pool.firstFactors.includes('WEB_AUTHN') && pool.relyingPartyId !== undefined;
  return {
    Auth: {
      Cognito: {
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        userPoolEndpoint: pool.endpoint,
        loginWith: { email: true },
        passwordless: {
          emailOtpEnabled: pool.firstFactors.includes('EMAIL_OTP'),
          smsOtpEnabled: pool.firstFactors.includes('SMS_OTP'),
          ...(passkeys
            ? {
                webAuthn: {
                  relyingPartyId: pool.relyingPartyId,
                  ...(pool.userVerification ? { userVerification: pool.userVerification } : {}),
                },
              }
            : {}),
        },
      },
    },
  };
}
