import { describe, expect, it } from 'vitest';
import { UNKNOWN_ERROR, validation } from '../../machines/authenticator/index.ts';
import { en } from './en.ts';
import { errorCatalogue } from './errorCatalogue.ts';
import { es } from './es.ts';
import { LANGUAGE_STORAGE_KEY, readLanguage, writeLanguage } from './storedLanguage.ts';
import { format, translate, translateMessage } from './translate.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Spec §8's messages, word for word: every one must read in Spanish too. */
const SPEC_MESSAGES = [
  'Auth UserPool not configured',
  'Auth UserPool or IdentityPool not configured',
  'Auth Token Provider not configured',
  'Invalid identity pool id provided.',
  'oauth param not configured',
  'Configuration error (see console) – please contact the administrator',
  'User needs to be authenticated to call this API.',
  'Invalid tokens.',
  'Auth session was not found. Make sure to call signIn.',
  'Token refresh is not supported when authenticated with the implicit grant oauth flow',
  'Either deviceKey, deviceGroupKey or secretPassword were not found during the sign-in process.',
  'iat not found in access token',
  'Invalid token',
  'Invalid token payload',
  'Invalid user pool id provided.',
  'Cognito did not respond with either Credentials, AccessKeyId or SecretKey.',
  'Received undefined response from getId operation',
  'An unknown error has occurred.',
  'Function not supported on current platform',
  'There is already a signed in user.',
  'The account was not confirmed on time.',
  'User cancelled OAuth flow.',
  'Authentication Error',
  'Email cannot be empty',
  'Phone number cannot be empty',
  'Username cannot be empty',
  'Password cannot be empty',
  'Confirmation code cannot be empty',
  'Error creating account',
  'No valid MFA method provided',
  'Invalid MFA type',
  'Challenge response cannot be empty',
  'Network Error',
  'Device tracking has not been configured in this User Pool',
  'Please use your credentials to sign in',
  "Couldn't finish OAuth flow, check your User Pool HostedUI settings.",
  // Named by §8 without words of its own (invalid redirect, invalid origin, hosted login state validation): the client's.
  'Invalid OAuth redirect.',
  'Invalid OAuth origin.',
  'Hosted login state validation failed.',
];

/** What the pool answers (docs/test-pool.md, the Cognito protocol notes) and the client's own throttling text. */
const SERVICE_MESSAGES = [
  'Incorrect username or password.',
  'User does not exist.',
  'User is not confirmed.',
  'Password reset required for the user',
  'User is disabled.',
  'Invalid verification code provided, please try again.',
  'Invalid code provided, please request a code again.',
  'Invalid code received for user',
  'Code mismatch and fail enable Software Token MFA',
  'Invalid session for the user, session is expired.',
  'Attempt limit exceeded, please try after some time.',
  'Password attempts exceeded',
  'An account with the given email already exists.',
  'Access Token has been revoked',
  'Invalid Refresh Token',
  'Too many requests. Please wait a moment and try again.',
];

describe('the widget words', () => {
  it('has every English word in Spanish, with the same placeholders', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(es[key], key).toBeTruthy();
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
    }
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps the vocabulary QA scripts look for, in English', () => {
    const words = [en.tabSignIn, en.tabSignUp, en.email, en.password, en.confirmPassword, en.signIn, en.forgotPassword];
    expect(words).toEqual(['Sign In', 'Create Account', 'Email', 'Password', 'Confirm Password', 'Sign in', 'Forgot your password?']);
    expect([en.createAccount, en.confirmationCode, en.confirm, en.resendCode, en.backToSignIn, en.sendCode, en.submit]).toEqual([
      'Create Account',
      'Confirmation Code',
      'Confirm',
      'Resend Code',
      'Back to Sign In',
      'Send code',
      'Submit',
    ]);
    expect([en.changePassword, en.verify, en.skip, en.code, en.newPassword]).toEqual([
      'Change Password',
      'Verify',
      'Skip',
      'Code',
      'New Password',
    ]);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('es', 'federatedSignIn', { provider: 'Google' })).toBe('Iniciar sesión con Google');
    expect(translate('en', 'verifyEmail', { value: 'a@b.co' })).toBe('Email: a@b.co');
    expect(format('Hello {name} and {other}', { name: 'Ada' })).toBe('Hello Ada and {other}');
  });
});

describe('the error catalogue', () => {
  it('gives every entry a Spanish text with the same placeholders', () => {
    for (const entry of errorCatalogue) {
      expect(entry.es.trim(), entry.en).not.toBe('');
      expect(entry.es, entry.en).not.toBe(entry.en);
      expect(placeholders(entry.es), entry.en).toEqual(placeholders(entry.en));
    }
    const english = errorCatalogue.map((entry) => entry.en);
    expect(new Set(english).size).toBe(english.length);
  });

  it('translates every form rule of the machine, whatever the minimum length', () => {
    const { messages } = validation;
    const rules = [messages.required, messages.email, messages.passwordsMatch, messages.lowercase, messages.uppercase, messages.numbers];
    for (const message of [...rules, messages.special, messages.mfaType, messages.minLength(8), messages.minLength(12)]) {
      expect(translateMessage('es', message), message).not.toBe(message);
    }
    expect(translateMessage('es', messages.minLength(12))).toBe('La contraseña debe tener al menos 12 caracteres');
    expect(translateMessage('es', UNKNOWN_ERROR)).toBe('Se ha producido un error desconocido.');
    expect(translateMessage('es', validation.messages.emptyUsername)).toBe('El nombre de usuario no puede estar vacío');
  });

  it('translates every message of spec §8 and the pool errors customers meet', () => {
    for (const message of [...SPEC_MESSAGES, ...SERVICE_MESSAGES]) {
      expect(translateMessage('es', message), message).not.toBe(message);
    }
  });

  it('translates the pool password-policy answer piece by piece', () => {
    expect(translateMessage('es', 'Password did not conform with policy: Password must have uppercase characters')).toBe(
      'La contraseña no cumple la política: debe tener mayúsculas',
    );
    // A reason nobody listed still reads as the pool wrote it, inside the translated sentence.
    expect(translateMessage('es', 'Password did not conform with policy: Password is too famous')).toBe(
      'La contraseña no cumple la política: Password is too famous',
    );
  });

  it('shows English messages and unknown messages as they came, with the e-mail named where the pool says username', () => {
    expect(translateMessage('en', 'Incorrect username or password.')).toBe('Incorrect e-mail or password.');
    expect(translateMessage('en', 'Username cannot be empty')).toBe('Username cannot be empty'); // spec §8: verbatim
    expect(translateMessage('en', 'User does not exist.')).toBe('User does not exist.');
    expect(translateMessage('es', 'Something nobody wrote down.')).toBe('Something nobody wrote down.');
    expect(translateMessage('es', 'The authenticator\'s "federatedSignIn" actor was not provided.')).toBe(
      'Esta aplicación no ofrece este paso del inicio de sesión ("federatedSignIn").',
    );
  });
});

describe('the remembered language', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
  };

  it('is English until the customer chooses, then what they chose', () => {
    const storage = memory();
    expect(readLanguage(storage)).toBe('en');
    writeLanguage('es', storage);
    expect(storage.items.get(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(readLanguage(storage)).toBe('es');
  });

  it('ignores what it cannot use: another value, or a storage that throws', () => {
    const storage = memory();
    storage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(readLanguage(storage)).toBe('en');
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readLanguage(broken)).toBe('en');
    expect(() => writeLanguage('es', broken)).not.toThrow();
  });
});
