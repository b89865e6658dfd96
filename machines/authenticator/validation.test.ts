import { describe, expect, it } from 'vitest';
import { messages, passwordPolicyErrors, passwordsMatch, required, signUpAttributes, validEmail } from './validation.ts';

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
});
