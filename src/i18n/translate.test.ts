import { beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ERROR, validation } from '../../machines/authenticator/index.ts';
import { loadPart, translate } from './catalogue.ts';
import { negotiateLocale } from './locales.ts';
import en from './messages/en.json';
import es from './messages/es.json';
import { LANGUAGE_STORAGE_KEY, readLanguage, writeLanguage } from './storedLanguage.ts';
import { translateMessage } from './translate.ts';

beforeAll(() => Promise.all([loadPart('es', 'signin'), loadPart('es', 'screens'), loadPart('es', 'app'), loadPart('en', 'app')]));

/** Spec §8's messages, word for word: every one must be listed, so it reads in every language. */
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

describe('the words', () => {
  it('keeps the vocabulary QA scripts look for, in English', () => {
    const words = [en.tabSignIn, en.tabSignUp, en.email, en.password, en.confirmPassword, en.signIn, en.forgotPassword];
    expect(words).toEqual(['Sign In', 'Create Account', 'Email', 'Password', 'Confirm Password', 'Sign in', 'Forgot your password?']);
    expect([
      en['screen.createAccount'],
      en['screen.confirmationCode'],
      en.confirm,
      en.resendCode,
      en['screen.backToSignIn'],
      en.sendCode,
      en.submit,
    ]).toEqual(['Create Account', 'Confirmation Code', 'Confirm', 'Resend Code', 'Back to Sign In', 'Send code', 'Submit']);
    expect([en.changePassword, en.verify, en['screen.skip'], en.code, en.newPassword]).toEqual([
      'Change Password',
      'Verify',
      'Skip',
      'Code',
      'New Password',
    ]);
  });

  it('fills placeholders, in the part that was loaded', async () => {
    await loadPart('en', 'screens');
    expect(translate('es', 'federatedSignIn', { provider: 'Google' })).toBe(es.federatedSignIn.replace('{provider}', 'Google'));
    expect(translate('en', 'screen.verifyEmail', { value: 'a@b.co' })).toBe('Email: a@b.co');
    expect(translate('en', 'account.codeSentTo', { destination: 'a***@b.co' })).toBe(
      'We sent a code to a***@b.co. Enter it to verify the address.',
    );
  });
});

describe('messages that arrive in English', () => {
  it('are each kept once in English, so a message names one key', () => {
    const arriving = Object.entries(en).filter(([key]) => /^(?:rule|client|cognito)\./.test(key));
    const words = arriving.map(([, message]) => message);
    expect(new Set(words).size).toBe(words.length);
  });

  it('include every form rule of the machine, whatever the minimum length', () => {
    const { messages } = validation;
    const rules = [messages.required, messages.email, messages.passwordsMatch, messages.lowercase, messages.uppercase, messages.numbers];
    for (const message of [...rules, messages.special, messages.mfaType, messages.minLength(8), messages.minLength(12)]) {
      expect(translateMessage('es', message), message).not.toBe(message);
      expect(translateMessage('en', message), message).toBe(message); // spec §5: verbatim
    }
    expect(translateMessage('es', messages.minLength(12))).toBe(es['rule.minLength'].replace('{count}', '12'));
    expect(translateMessage('es', UNKNOWN_ERROR)).toBe(es['client.Unknown']);
  });

  it('include every message of spec §8, verbatim in English, and the pool errors customers meet', () => {
    for (const message of SPEC_MESSAGES) {
      expect(translateMessage('es', message), message).not.toBe(message);
      expect(translateMessage('en', message), message).toBe(message);
    }
    for (const message of SERVICE_MESSAGES) expect(translateMessage('es', message), message).not.toBe(message);
  });

  it('translate the pool password-policy answer piece by piece', () => {
    const policy = (reason: string) => es['cognito.InvalidPasswordException.policy'].replace('{reason}', reason);
    expect(translateMessage('es', 'Password did not conform with policy: Password must have uppercase characters')).toBe(
      policy(es['cognito.InvalidPasswordException.uppercase']),
    );
    // A reason nobody listed still reads as the pool wrote it, inside the translated sentence.
    expect(translateMessage('es', 'Password did not conform with policy: Password is too famous')).toBe(policy('Password is too famous'));
  });

  it("name the e-mail where the pool says username, and fall back on the exception's name", () => {
    expect(translateMessage('en', 'Incorrect username or password.')).toBe('Incorrect e-mail or password.');
    expect(translateMessage('en', 'User does not exist.')).toBe('User does not exist.');
    // Not listed: English shows the pool's own words; another language the words for its exception, never English.
    expect(translateMessage('en', 'A brand new refusal.', 'NotAuthorizedException')).toBe('A brand new refusal.');
    expect(translateMessage('es', 'A brand new refusal.', 'NotAuthorizedException')).toBe(
      translate('es', 'exception.NotAuthorizedException'),
    );
    expect(translateMessage('es', 'Something nobody wrote down.')).toBe('Something nobody wrote down.');
    expect(translateMessage('es', 'The authenticator\'s "federatedSignIn" actor was not provided.')).toMatch(/"federatedSignIn"/);
  });
});

describe("the visitor's language", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
  };
  const at = (search = '') => ({ search });

  it('is English until the customer chooses, then what they chose', () => {
    const storage = memory();
    expect(readLanguage(storage, at(), [])).toBe('en');
    writeLanguage('es', storage);
    expect(storage.items.get(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(readLanguage(storage, at(), ['fr-FR'])).toBe('es');
  });

  it("follows the browser's languages in order, a region falling back to its language", () => {
    expect(readLanguage(memory(), at(), ['xx', 'es-MX', 'en'])).toBe('es');
    expect(readLanguage(memory(), at(), ['tlh'])).toBe('en');
  });

  it('takes ?lang= for this visit and remembers it; an unknown value is passed over', () => {
    const storage = memory();
    expect(readLanguage(storage, at('?lang=es'), ['en'])).toBe('es');
    expect(storage.items.get(LANGUAGE_STORAGE_KEY)).toBe('es');
    const other = memory();
    expect(readLanguage(other, at('?lang=klingon'), ['en'])).toBe('en');
    expect(other.items.has(LANGUAGE_STORAGE_KEY)).toBe(false);
  });

  it('ignores what it cannot use: another value, or a storage that throws', () => {
    const storage = memory();
    storage.setItem(LANGUAGE_STORAGE_KEY, 'tlh');
    expect(readLanguage(storage, at(), [])).toBe('en');
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readLanguage(broken, at(), [])).toBe('en');
    expect(() => writeLanguage('es', broken)).not.toThrow();
  });
});

describe('negotiation', () => {
  const offered = ['en', 'es', 'de', 'pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant', 'nb'];
  const pick = (...browser: string[]) => negotiateLocale(offered, { browser }, 'en');

  it('matches tags whole, then by script or region, then by base language', () => {
    expect(pick('de-AT')).toBe('de');
    expect(pick('pt')).toBe('pt-BR');
    expect(pick('pt-PT')).toBe('pt-PT');
    expect(pick('pt-AO')).toBe('pt-BR');
    expect(pick('zh-TW')).toBe('zh-Hant');
    expect(pick('zh-HK')).toBe('zh-Hant');
    expect(pick('zh-Hant-TW')).toBe('zh-Hant');
    expect(pick('zh')).toBe('zh-Hans');
    expect(pick('zh-CN')).toBe('zh-Hans');
    expect(pick('no')).toBe('nb');
    expect(pick('ZH-hans')).toBe('zh-Hans');
  });

  it('prefers the URL, then the stored choice, then the browser, then the fallback', () => {
    expect(negotiateLocale(offered, { param: 'de', stored: 'es', browser: ['pt'] }, 'en')).toBe('de');
    expect(negotiateLocale(offered, { param: 'xx', stored: 'es', browser: ['pt'] }, 'en')).toBe('es');
    expect(negotiateLocale(offered, { stored: 'xx', browser: ['xx', 'pt'] }, 'en')).toBe('pt-BR');
    expect(negotiateLocale(offered, { browser: ['xx'] }, 'en')).toBe('en');
  });
});
