/**
 * Form rules of spec §5 as pure functions. Each returns the exact message the
 * customer reads, or null when the value is fine.
 */
import type { AuthContext, MfaType } from './types.ts';

export const messages = {
  required: 'This field is required',
  email: 'Please enter a valid email',
  passwordsMatch: 'Your passwords must match',
  minLength: (length: number) => `Password must have at least ${length} characters`,
  lowercase: 'Password must have lower case letters',
  uppercase: 'Password must have upper case letters',
  numbers: 'Password must have numbers',
  special: 'Password must have special characters',
  mfaType: 'Invalid MFA type',
  /** spec §8: the client's own words when the login is empty */
  emptyUsername: 'Username cannot be empty',
} as const;

export interface PasswordPolicy {
  minLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSpecial: boolean;
}

/** The pool's policy: 8 characters with all four classes. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSpecial: true,
};

// ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space
const SPECIAL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** The number of characters at which "Your passwords must match" starts to be checked. */
export const MATCH_CHECK_LENGTH = 6;

export const trimmed = (value: string | undefined): string => (value ?? '').trim();

export function required(value: string | undefined): string | null {
  return trimmed(value) === '' ? messages.required : null;
}

// Deliberately loose, like the pool's own check: one @, something on each side, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validEmail(value: string | undefined): string | null {
  return required(value) ?? (EMAIL.test(trimmed(value)) ? null : messages.email);
}

/** Every rule the password breaks, in the order the policy lists them. Passwords are never trimmed. */
export function passwordPolicyErrors(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string[] {
  const errors: string[] = [];
  if (password.length < policy.minLength) errors.push(messages.minLength(policy.minLength));
  if (policy.requireLowercase && !/[a-z]/.test(password)) errors.push(messages.lowercase);
  if (policy.requireUppercase && !/[A-Z]/.test(password)) errors.push(messages.uppercase);
  if (policy.requireNumbers && !/[0-9]/.test(password)) errors.push(messages.numbers);
  if (policy.requireSpecial && !SPECIAL.test(password)) errors.push(messages.special);
  return errors;
}

/** Only once both fields are long enough to mean it, so the message does not nag while typing. */
export function passwordsMatch(password: string, confirmation: string): string | null {
  if (password.length < MATCH_CHECK_LENGTH || confirmation.length < MATCH_CHECK_LENGTH) return null;
  return password === confirmation ? null : messages.passwordsMatch;
}

/** The dial code a phone number gets unless the customer picks another. */
export const DEFAULT_DIAL_CODE = '+1';

/** A phone number as Cognito wants it: dial code plus number, keeping only letters, digits and +. */
export function phoneUsername(dialCode: string | undefined, number: string | undefined): string {
  return `${dialCode ?? DEFAULT_DIAL_CODE}${number ?? ''}`.replace(/[^A-Za-z0-9+]/g, '');
}

export const isMfaType = (value: string | undefined): value is MfaType => value === 'SMS' || value === 'TOTP' || value === 'EMAIL';

/** The second factor a customer chooses must be SMS, TOTP or EMAIL. */
export function mfaTypeError(value: string | undefined): string | null {
  return required(value) ?? (isMfaType(trimmed(value)) ? null : messages.mfaType);
}

/**
 * Whether the e-mailed code is the first factor the customer asked for (not e-mail MFA after a password): then a new
 * one may be sent. A condition of the routing table (steps.ts) that the code screen reads too, for its "Resend Code":
 * here, where the first screen's rules are, the screens' chunk reads it without the machine's.
 */
export const emailedFirstFactor = (context: Pick<AuthContext, 'challengeName' | 'chosenFactor'>): boolean =>
  context.challengeName === 'EMAIL_OTP' && context.chosenFactor === 'EMAIL_OTP';
