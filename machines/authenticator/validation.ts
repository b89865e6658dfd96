/**
 * Form rules of spec §5 as pure functions. Each returns the exact message the
 * customer reads, or null when the value is fine.
 */
import type { AuthContext, AuthErrorInfo, ContactAttribute, FormData, MfaType } from './types.ts';

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

/** Fields never trimmed: a space can be part of a password. */
const PASSWORD_FIELDS = new Set<string>(['password', 'confirm_password', 'current_password']);

/** The form's values as the machine passes them on: trimmed, except passwords. */
export function cleanFormData(data: FormData): FormData {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === 'string') clean[name] = PASSWORD_FIELDS.has(name) ? value : value.trim();
  }
  return clean;
}

/** The dial code a phone number gets unless the customer picks another. */
export const DEFAULT_DIAL_CODE = '+1';

/** A phone number as Cognito wants it: dial code plus number, keeping only letters, digits and +. */
export function phoneUsername(dialCode: string | undefined, number: string | undefined): string {
  return `${dialCode ?? DEFAULT_DIAL_CODE}${number ?? ''}`.replace(/[^A-Za-z0-9+]/g, '');
}

/** The login the customer typed: the e-mail, else the phone number with its dial code, else a user name. */
export function loginOf(data: FormData): string {
  if (trimmed(data.email)) return trimmed(data.email);
  if (trimmed(data.phone_number)) return phoneUsername(trimmed(data.country_code) || undefined, data.phone_number);
  return trimmed(data.username);
}

/** Standard attributes a form may send to Cognito (spec §5); any `custom:` attribute is allowed too. */
export const STANDARD_ATTRIBUTES = [
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
] as const;

const STANDARD = new Set<string>(STANDARD_ATTRIBUTES);

export const isAllowedAttribute = (name: string): boolean =>
  STANDARD.has(name) || (name.startsWith('custom:') && name.length > 'custom:'.length);

/** The form's attribute fields: allowed names only, trimmed, empty ones left out, the phone with its dial code. */
export function userAttributes(data: FormData): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (!isAllowedAttribute(name)) continue;
    const clean = trimmed(value);
    if (!clean) continue;
    attributes[name] = name === 'phone_number' ? phoneUsername(trimmed(data.country_code) || undefined, clean) : clean;
  }
  return attributes;
}

/** The sign-up form's extra fields as Cognito attributes; the e-mail is the login, not an attribute. */
export function signUpAttributes(data: FormData): Record<string, string> {
  const { email: _login, ...attributes } = userAttributes(data);
  return attributes;
}

export const isMfaType = (value: string | undefined): value is MfaType => value === 'SMS' || value === 'TOTP' || value === 'EMAIL';

/** The second factor a customer chooses must be SMS, TOTP or EMAIL. */
export function mfaTypeError(value: string | undefined): string | null {
  return required(value) ?? (isMfaType(trimmed(value)) ? null : messages.mfaType);
}

export const isContactAttribute = (value: string | undefined): value is ContactAttribute => value === 'email' || value === 'phone_number';

/**
 * What the machine checks before it sends a screen's form anywhere: a login to
 * sign in, sign up or reset with, an MFA choice that is SMS or TOTP (when a
 * choice is what the screen asks for), an unverified contact that was offered. A refusal is the error to show (spec
 * §8's words); null lets the form go. The screens' forms check the same rules
 * field by field, so a refusal here means a form that went round them.
 */
type FlowContext = Pick<AuthContext, 'challengeName' | 'unverifiedAttributes'>;

export const submitChecks = {
  login: (data: FormData): AuthErrorInfo | null =>
    loginOf(data) === '' ? { name: 'EmptyUsername', message: messages.emptyUsername } : null,
  mfaChoice: (data: FormData, context: FlowContext): AuthErrorInfo | null =>
    context.challengeName !== 'SELECT_MFA_TYPE' || isMfaType(data.mfa_type) ? null : { name: 'InvalidMfaType', message: messages.mfaType },
  contactChoice: (data: FormData, context: FlowContext): AuthErrorInfo | null => {
    const choice = data.unverified_attribute;
    return isContactAttribute(choice) && context.unverifiedAttributes?.[choice] !== undefined
      ? null
      : { name: 'EmptyAttribute', message: messages.required };
  },
};

export type SubmitCheck = keyof typeof submitChecks;

/**
 * Whether the e-mailed code is the first factor the customer asked for (not e-mail MFA after a password): then a new
 * one may be sent. A condition of the routing table (steps.ts) that the code screen reads too, for its "Resend Code":
 * here, where the first screen's rules are, the screens' chunk reads it without the machine's.
 */
export const emailedFirstFactor = (context: Pick<AuthContext, 'challengeName' | 'chosenFactor'>): boolean =>
  context.challengeName === 'EMAIL_OTP' && context.chosenFactor === 'EMAIL_OTP';
