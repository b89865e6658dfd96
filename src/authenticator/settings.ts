/**
 * What the app configures about the sign-in widget. The composition root
 * passes it to AuthProvider (from the runtime configuration); every field is
 * optional and has the default of spec §1/§9.
 */
import type { FederatedProvider, FirstFactor } from '../../machines/authenticator/index.ts';
import { SIGN_UP_ATTRIBUTES, type SignUpAttribute } from './fields/definitions.ts';
import { DEFAULT_TOTP_ISSUER } from './totp/issuer.ts';

export interface AuthSettings {
  /** the name authenticator apps show next to the code (default "AWSCognito") */
  totpIssuer?: string;
  /** federated sign-in buttons, in this order (default: none) */
  socialProviders?: readonly FederatedProvider[];
  /** spec §3 attributes the sign-up form asks for besides e-mail and password (default: none) */
  signUpAttributes?: readonly SignUpAttribute[];
  /** the local test pool's mailbox, linked under the card in development */
  mailboxUrl?: string;
  /**
   * The first factors the pool allows (its SignInPolicy.AllowedFirstAuthFactors,
   * which Cognito does not tell a visitor): a button on sign-in for each one
   * besides the password. Default: the password alone, the sign-in screen as it always was.
   */
  firstFactors?: readonly FirstFactor[];
  /**
   * After a password sign-in, offer a customer without a passkey to create
   * one (default: on). Only where firstFactors has WEB_AUTHN: a passkey is of no use otherwise.
   */
  offerPasskey?: boolean;
}

export type ResolvedAuthSettings = Required<Omit<AuthSettings, 'mailboxUrl'>> & Pick<AuthSettings, 'mailboxUrl'>;

const PROVIDERS: readonly FederatedProvider[] = ['amazon', 'apple', 'google', 'facebook'];
const FACTORS: readonly FirstFactor[] = ['PASSWORD', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN'];

/** Defaults filled in; unknown providers and attributes dropped, duplicates kept once, so a typo in configuration cannot break a screen. */
export function resolveSettings(settings: AuthSettings = {}): ResolvedAuthSettings {
  return {
    totpIssuer: settings.totpIssuer?.trim() || DEFAULT_TOTP_ISSUER,
    socialProviders: [...new Set(settings.socialProviders ?? [])].filter((provider) => PROVIDERS.includes(provider)),
    signUpAttributes: [...new Set(settings.signUpAttributes ?? [])].filter((name) => SIGN_UP_ATTRIBUTES.includes(name)),
    mailboxUrl: settings.mailboxUrl,
    firstFactors: [...new Set(settings.firstFactors ?? [])].filter((factor) => FACTORS.includes(factor)),
    offerPasskey: (settings.offerPasskey ?? true) && (settings.firstFactors ?? []).includes('WEB_AUTHN'),
  };
}
