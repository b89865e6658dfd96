import { describe, expect, it } from 'vitest';
import { DEFAULT_TOTP_ISSUER } from './issuer.ts';
import { groupedSecret, totpUri } from './otpauth.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('totpUri', () => {
  it('names the default issuer in the label and in the parameter', () => {
    expect(totpUri({ account: 'ada@example.com', secret: SECRET })).toBe(
      `otpauth://totp/AWSCognito:ada@example.com?secret=${SECRET}&issuer=AWSCognito`,
    );
    expect(DEFAULT_TOTP_ISSUER).toBe('AWSCognito');
  });

  it('encodes an issuer with spaces and reserved characters so the URI still parses back to it', () => {
    const issuer = 'Acme Customer Area: Billing & Co';
    const uri = totpUri({ issuer, account: 'ada+test@example.com', secret: SECRET });
    expect(uri).toContain('otpauth://totp/Acme%20Customer%20Area%3A%20Billing%20%26%20Co:ada%2Btest@example.com?');
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('issuer')).toBe(issuer);
    expect(parsed.searchParams.get('secret')).toBe(SECRET);
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname.slice(1))).toBe(`${issuer}:ada+test@example.com`);
    expect(uri).not.toMatch(/\s/);
  });

  it('falls back to the default issuer when the configured one is blank', () => {
    expect(totpUri({ issuer: '   ', account: 'a@b.co', secret: SECRET })).toContain('issuer=AWSCognito');
  });

  it('normalises the secret: no spaces, no padding, upper case', () => {
    expect(totpUri({ account: 'a@b.co', secret: 'jbsw y3dp ehpk 3pxp==' })).toContain('secret=JBSWY3DPEHPK3PXP&');
  });
});

describe('groupedSecret', () => {
  it('shows the secret in groups of four for reading aloud', () => {
    expect(groupedSecret(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupedSecret(groupedSecret(SECRET)).replace(/ /g, '')).toBe(SECRET);
  });
});
