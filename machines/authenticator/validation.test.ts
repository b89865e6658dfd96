import { describe, expect, it } from 'vitest';
import { cleanFormData, isAllowedAttribute, loginOf, signUpAttributes, userAttributes } from './formData.ts';
import { messages, mfaTypeError, passwordPolicyErrors, passwordsMatch, phoneUsername, required, validEmail } from './validation.ts';

describe('validation', () => {
  it('requires a value, ignoring surrounding spaces', () => {
    expect(required('')).toBe('This field is required');
    expect(required('   ')).toBe('This field is required');
    expect(required(' a ')).toBeNull();
  });

  it('checks the e-mail', () => {
    expect(validEmail('')).toBe('This field is required');
    expect(validEmail('ana@')).toBe('Please enter a valid email');
    expect(validEmail(' ana@example.com ')).toBeNull();
  });

  it('lists every broken password rule with the exact messages', () => {
    expect(passwordPolicyErrors('')).toEqual([
      'Password must have at least 8 characters',
      'Password must have lower case letters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]);
    expect(passwordPolicyErrors('Passw0rd!')).toEqual([]);
    expect(passwordPolicyErrors('Passw0rd ')).toEqual([]);
    expect(passwordPolicyErrors('Passw0rd\u00e9')).toEqual([messages.special]);
  });

  it('accepts each special character of spec §5', () => {
    for (const c of '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ') {
      expect(passwordPolicyErrors(`Abcdefg1${c}`)).toEqual([]);
    }
  });

  it('checks that passwords match only from 6 characters in both', () => {
    expect(passwordsMatch('abcde', 'x')).toBeNull();
    expect(passwordsMatch('abcdef', 'abcdeX')).toBe('Your passwords must match');
    expect(passwordsMatch('abcdef', 'abcdef')).toBeNull();
  });

  it('turns extra sign-up fields into trimmed attributes', () => {
    expect(signUpAttributes({ email: 'a@b.co', password: 'x', confirm_password: 'x', given_name: ' Ana ', nickname: '  ' })).toEqual({
      given_name: 'Ana',
    });
  });

  it('trims every value except the passwords', () => {
    expect(
      cleanFormData({ email: ' a@b.co ', password: ' p ', confirm_password: ' p ', current_password: ' o ', confirmation_code: ' 1 ' }),
    ).toEqual({
      email: 'a@b.co',
      password: ' p ',
      confirm_password: ' p ',
      current_password: ' o ',
      confirmation_code: '1',
    });
  });

  it('builds a phone username from the dial code and the number, keeping letters, digits and +', () => {
    expect(phoneUsername('+34', ' (612) 345-678 ')).toBe('+34612345678');
    expect(phoneUsername(undefined, '555.0100')).toBe('+15550100');
    expect(phoneUsername('+1', '555-CALL')).toBe('+1555CALL');
  });

  it('reads the login from the e-mail, else the phone, else a user name', () => {
    expect(loginOf({ email: ' ana@example.com ', phone_number: '1' })).toBe('ana@example.com');
    expect(loginOf({ country_code: '+44', phone_number: '7700 900123' })).toBe('+447700900123');
    expect(loginOf({ username: ' ana ' })).toBe('ana');
    expect(loginOf({ email: '  ' })).toBe('');
  });

  it('allows the standard attributes of spec §5 and any custom: one, nothing else', () => {
    for (const name of ['address', 'birthdate', 'email', 'gender', 'locale', 'picture', 'updated_at', 'zoneinfo', 'custom:tier']) {
      expect(isAllowedAttribute(name)).toBe(true);
    }
    for (const name of ['password', 'confirmation_code', 'mfa_type', 'custom:', 'sub', 'email_verified']) {
      expect(isAllowedAttribute(name)).toBe(false);
    }
    const data = { email: ' a@b.co ', 'custom:tier': ' gold ', mfa_type: 'SMS', country_code: '+34', phone_number: '612 345 678' };
    expect(userAttributes(data)).toEqual({ email: 'a@b.co', 'custom:tier': 'gold', phone_number: '+34612345678' });
    expect(signUpAttributes(data)).toEqual({ 'custom:tier': 'gold', phone_number: '+34612345678' });
  });

  it('accepts only SMS, TOTP or EMAIL as the MFA choice', () => {
    expect(mfaTypeError('SMS')).toBeNull();
    expect(mfaTypeError(' TOTP ')).toBeNull();
    expect(mfaTypeError('EMAIL')).toBeNull();
    expect(mfaTypeError('VOICE')).toBe('Invalid MFA type');
    expect(mfaTypeError('')).toBe('This field is required');
  });
});
