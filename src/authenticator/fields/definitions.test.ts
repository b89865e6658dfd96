import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.ts';
import { FIELDS, fieldOf, initialValues, mismatchOnSubmit, SIGN_UP_ATTRIBUTES, validateAll } from './definitions.ts';

describe('field definitions', () => {
  it('define every field of spec §3, each required', () => {
    expect(Object.keys(FIELDS).sort()).toEqual(
      [
        'birthdate',
        'confirmation_code',
        'confirm_password',
        'email',
        'family_name',
        'given_name',
        'middle_name',
        'name',
        'nickname',
        'password',
        'phone_number',
        'preferred_username',
        'profile',
        'website',
        'username',
      ].sort(),
    );
    for (const field of Object.values(FIELDS)) expect(field.validate('   ', {}), field.name).toBe('This field is required');
  });

  it('check the e-mail and that both passwords are the same, once both have 6 characters (spec §5)', () => {
    const fields = ['email', 'password', 'confirm_password'].map((name) => fieldOf(name as 'email'));
    expect(validateAll(fields, { email: 'nobody', password: 'Abc-1234', confirm_password: 'Abc-12' })).toEqual({
      email: 'Please enter a valid email',
      confirm_password: 'Your passwords must match',
    });
    // A confirmation left at 5 characters is not called a mismatch as the field is left.
    expect(validateAll(fields, { email: 'ada@example.com', password: 'Abc-1234', confirm_password: 'Abc-1' })).toEqual({});
    expect(validateAll(fields, { email: ' ada@example.com ', password: 'Abc-1234', confirm_password: 'Abc-1234' })).toEqual({});
  });

  it('refuse on submit a confirmation that differs at any length, and say nothing of one not typed yet', () => {
    expect(mismatchOnSubmit({ password: 'Abc-1234', confirm_password: 'Abc' })).toBe('Your passwords must match');
    expect(mismatchOnSubmit({ password: 'Abc-1234', confirm_password: 'Abc-1234' })).toBeNull();
    expect(mismatchOnSubmit({ password: 'Abc-1234', confirm_password: '' })).toBeNull();
    expect(mismatchOnSubmit({ password: 'Abc-1234' })).toBeNull();
  });

  it('start empty, with what the machine knows, and +1 in front of a phone number', () => {
    const fields = [fieldOf('email'), fieldOf('phone_number')];
    expect(initialValues(fields, { email: 'ada@example.com' })).toEqual({ email: 'ada@example.com', phone_number: '', country_code: '+1' });
    expect(initialValues([fieldOf('email')])).toEqual({ email: '' });
  });

  it('let a screen rename a field for itself', () => {
    expect(fieldOf({ name: 'password', label: 'newPassword' })).toMatchObject({ label: 'newPassword', kind: 'password' });
    expect(fieldOf({ name: 'password', autoComplete: 'current-password' }).autoComplete).toBe('current-password');
    expect(fieldOf('confirmation_code').autoComplete).toBe('one-time-code');
  });
});

describe('settings', () => {
  it('default to the AWSCognito issuer, no providers, no sign-up attributes and no first factor besides the password', () => {
    expect(resolveSettings()).toEqual({
      totpIssuer: 'AWSCognito',
      socialProviders: [],
      signUpAttributes: [],
      mailboxUrl: undefined,
      firstFactors: [],
      offerPasskey: false,
    });
  });

  it('offer a passkey after a password sign-in only where the pool allows passkeys, unless told not to', () => {
    expect(resolveSettings({ firstFactors: ['PASSWORD', 'WEB_AUTHN'] }).offerPasskey).toBe(true);
    expect(resolveSettings({ firstFactors: ['PASSWORD', 'WEB_AUTHN'], offerPasskey: false }).offerPasskey).toBe(false);
    expect(resolveSettings({ firstFactors: ['PASSWORD', 'EMAIL_OTP'], offerPasskey: true }).offerPasskey).toBe(false);
  });

  it('keep the first factors the widget knows, once each', () => {
    const settings = resolveSettings({ firstFactors: ['PASSWORD', 'MAGIC_LINK' as 'PASSWORD', 'WEB_AUTHN', 'WEB_AUTHN'] });
    expect(settings.firstFactors).toEqual(['PASSWORD', 'WEB_AUTHN']);
  });

  it('keep known providers and attributes once each, in the order given', () => {
    const settings = resolveSettings({
      totpIssuer: ' Acme Area ',
      socialProviders: ['google', 'myspace' as 'google', 'google', 'apple'],
      signUpAttributes: ['phone_number', 'password' as 'name', 'given_name', 'phone_number'],
    });
    expect(settings.totpIssuer).toBe('Acme Area');
    expect(settings.socialProviders).toEqual(['google', 'apple']);
    expect(settings.signUpAttributes).toEqual(['phone_number', 'given_name']);
    expect(SIGN_UP_ATTRIBUTES).toHaveLength(10);
  });
});
