import type { Attributes } from './types.ts';

/** Cognito's names for the social providers, as customers know them. */
const KNOWN: Partial<Record<string, string>> = { LoginWithAmazon: 'Amazon', SignInWithApple: 'Apple' };

/**
 * The provider a federated customer signs in with (Google, Facebook, Amazon,
 * Apple, or an OIDC/SAML provider's own name), from the `identities` attribute
 * Cognito gives such users (a JSON list of linked identities); null for a
 * customer of the pool itself, who has a password there.
 */
export function federatedProvider(attributes: Attributes): string | null {
  if (!attributes.identities) return null;
  try {
    const identities: unknown = JSON.parse(attributes.identities);
    const first: unknown = Array.isArray(identities) ? identities[0] : undefined;
    const name = first && typeof first === 'object' && 'providerName' in first ? first.providerName : undefined;
    return typeof name === 'string' && name !== '' ? (KNOWN[name] ?? name) : null;
  } catch {
    return null;
  }
}
