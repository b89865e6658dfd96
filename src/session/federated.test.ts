import { describe, expect, it } from 'vitest';
import { federatedProvider } from './federated.ts';

const linked = (providerName: string) => JSON.stringify([{ userId: '1234', providerName, providerType: providerName, primary: 'true' }]);

describe('federatedProvider', () => {
  it('names the social providers as customers know them, and other providers by their own name', () => {
    expect(federatedProvider({ identities: linked('Google') })).toBe('Google');
    expect(federatedProvider({ identities: linked('Facebook') })).toBe('Facebook');
    expect(federatedProvider({ identities: linked('LoginWithAmazon') })).toBe('Amazon');
    expect(federatedProvider({ identities: linked('SignInWithApple') })).toBe('Apple');
    expect(federatedProvider({ identities: linked('CorporateSaml') })).toBe('CorporateSaml');
  });

  it("is null for the pool's own customers and for an identities value it cannot read", () => {
    expect(federatedProvider({ email: 'ana@example.com' })).toBeNull();
    expect(federatedProvider({ identities: 'not json' })).toBeNull();
    expect(federatedProvider({ identities: '[]' })).toBeNull();
    expect(federatedProvider({ identities: '[{"providerName":""}]' })).toBeNull();
  });
});
