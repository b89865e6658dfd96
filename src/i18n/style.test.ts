/**
 * English against the style guide (docs/style.md), where a program can tell: sentence case outside the listed
 * exceptions, the names it settles ("e-mail" in sentences, "Email" as the label, "Show password"…), the words it
 * forbids, and its lists of verbatim texts, which must match the catalogue and stay listed in the guide.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const english = JSON.parse(readFileSync(join(import.meta.dirname, 'messages', 'en.json'), 'utf8')) as Record<string, string>;
const guide = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'style.md'), 'utf8');

/** The widget's named controls and field labels, kept as the guide's tables list them. */
const NAMED: Record<string, string> = {
  tabSignIn: 'Sign In',
  tabSignUp: 'Create Account',
  'screen.createAccount': 'Create Account',
  resendCode: 'Resend Code',
  'screen.backToSignIn': 'Back to Sign In',
  federatedSignIn: 'Sign In with {provider}',
  changePassword: 'Change Password',
  'account.changePassword': 'Change Password',
  email: 'Email',
  'account.email': 'Email',
  password: 'Password',
  'account.password': 'Password',
  confirmPassword: 'Confirm Password',
  'account.confirmPassword': 'Confirm Password',
  newPassword: 'New Password',
  'account.newPassword': 'New Password',
  'account.currentPassword': 'Current Password',
  'screen.confirmationCode': 'Confirmation Code',
  'account.verificationCode': 'Verification Code',
  code: 'Code',
  username: 'Username',
  birthdate: 'Birthdate',
  familyName: 'Family Name',
  'account.familyName': 'Family Name',
  givenName: 'Given Name',
  'account.givenName': 'Given Name',
  middleName: 'Middle Name',
  name: 'Name',
  nickname: 'Nickname',
  'account.nickname': 'Nickname',
  phoneNumber: 'Phone Number',
  countryCode: 'Country Code',
  preferredUsername: 'Preferred Username',
  profile: 'Profile',
  website: 'Website',
  'account.website': 'Website',
  'screen.verifyEmail': 'Email: {value}',
  'screen.verifyPhone': 'Phone Number: {value}',
};

/** SPEC.md's own texts outside the rule and error catalogues: the 404 page and the side menu's names (§2). */
const SPEC_TEXTS: Record<string, string> = {
  'notFound.title': 'Not Found',
  'route.notFound': 'Not Found',
  'notFound.text': 'Requested resource is not available.',
  'shell.section.home': 'Home',
  'shell.section.uiComponents': 'UI Components',
  'shell.section.primeBlocks': 'Prime Blocks',
  'shell.section.utilities': 'Utilities',
  'shell.section.pages': 'Pages',
  'shell.section.hierarchy': 'Hierarchy',
  'shell.section.getStarted': 'Get Started',
  'route.crudMenu': 'CRUD Menus',
  'page.crudMenu.title': 'CRUD Menus',
  'route.crud': 'Crud',
  'route.login': 'Login',
};

/** The spec's form rules (§5) and error catalogue (§8), the client's errors and Cognito's answers: as they are worded. */
const VERBATIM_NAMESPACES = ['rule.', 'client.', 'cognito.'];
const isVerbatim = (key: string) => key in NAMED || key in SPEC_TEXTS || VERBATIM_NAMESPACES.some((prefix) => key.startsWith(prefix));
const styled = Object.entries(english).filter(([key]) => !isVerbatim(key));

/** Words that keep their capital inside a sentence: names of things, products, plans and pages, and abbreviations. */
const NAMES = new Set([
  'Account', // the Account page
  'Amazon',
  'Apple',
  'AWS',
  'Basic',
  'Plus',
  'Facebook',
  'Google',
  'Hierarchy', // the menu of that name
  'Icons', // Tabler Icons
  'Tabler',
  'ID',
  'Mantine',
  'Secure',
  'Remote',
  'Password', // the Secure Remote Password protocol
]);

/**
 * The words of a message that break sentence case: capitalised, not first, not after a sentence's end, not a name,
 * not an abbreviation (PIN, SRP) or "I", and not the first word of a quoted control's name (“Forgot your password?”).
 */
function titleCased(message: string): string[] {
  const words = message.replace(/\{[^}]*\}/g, 'x').split(/\s+/);
  return words.filter((word, index) => {
    if (index === 0 || /[.?!:]$/.test(words[index - 1]!) || /^[“"]/.test(word)) return false;
    const bare = word.replace(/^[(]+|[”",.;:?!)]+$/g, '');
    return /^[A-Z]/.test(bare) && !NAMES.has(bare) && bare !== 'I' && !/^[A-Z]{2,}$/.test(bare);
  });
}

/** Variants the guide names as wrong, each with the word to use. */
const FORBIDDEN: [RegExp, string][] = [
  [/toggle password visibility/i, 'Show password'],
  [/^Show Password$/, 'Show password'],
  [/\blog ?in\b|\blogin\b/i, 'sign in / sign-in'],
  [/\blog ?out\b|\blogout\b/i, 'sign out'],
  [/\bsignin\b/i, 'sign in'],
  [/\bemail\b/i, 'e-mail (Email only as the field label)'],
  [/^E-mail$/, 'Email, the field label'],
  [/\bOTP\b|one-time password/i, 'code'],
  [/\b(MFA|2FA)\b/, 'two-step verification / second step'],
  [/successfully/i, 'say what happened, plainly'],
  [/\bplease\b/i, 'no "please" outside the spec’s texts'],
  [/!/, 'no exclamation marks'],
  [/\bcolor\b|\brecogniz|\bcanceled\b/i, 'British spelling: colour, recognise, cancelled'],
];

describe('English follows docs/style.md', () => {
  it('keeps the widget’s named controls and labels, and the spec’s texts, word for word', () => {
    for (const [key, text] of Object.entries({ ...NAMED, ...SPEC_TEXTS })) expect(english[key], key).toBe(text);
  });

  it('lists every verbatim text in the guide', () => {
    const missing = [...new Set([...Object.values(NAMED), ...Object.values(SPEC_TEXTS)])].filter((text) => !guide.includes(`\`${text}\``));
    expect(missing).toEqual([]);
  });

  it('writes every other message in sentence case', () => {
    const broken = styled.map(([key, message]) => [key, titleCased(message).join(' ')]).filter(([, words]) => words !== '');
    expect(broken).toEqual([]);
  });

  it('uses none of the variants the guide forbids', () => {
    const broken = styled.flatMap(([key, message]) => {
      const text = message.replace(/\{[^}]*\}/g, '');
      return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, instead]) => `${key}: "${message}" (say ${instead})`);
    });
    expect(broken).toEqual([]);
  });

  it('names the password’s eye "Show password", and ends a message of several sentences with its punctuation', () => {
    expect(english.showPassword).toBe('Show password');
    const unfinished = styled.filter(([, message]) => /[.?!] \S/.test(message) && !/[.?!:;”)]$/.test(message)).map(([key]) => key);
    expect(unfinished).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(titleCased('Resend Code')).toEqual(['Code']);
    expect(titleCased('Delete the passkey {name}. Sign in again.')).toEqual([]);
    expect(titleCased('You can delete it on the Account page.')).toEqual([]);
    expect(titleCased('Choose “Forgot your password?”, or use a PIN or SMS.')).toEqual([]);
    const flagged = (text: string) => FORBIDDEN.some(([pattern]) => pattern.test(text));
    expect(['Toggle password visibility', 'Log in', 'Your email', 'E-mail', 'Saved successfully!'].every(flagged)).toBe(true);
    expect(['Show password', 'Sign in', 'Your e-mail', 'E-mail me a code', 'Email me'].map(flagged)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});
