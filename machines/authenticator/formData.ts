/**
 * What the machine makes of a submitted form before it calls anything: the
 * values cleaned, the login, the attributes Cognito takes, and the checks a
 * form must pass (spec §5). Only the machine reads these, so they come with its
 * chunk; the field rules the first screen shows (validation.ts) stay in the
 * entry, which this module leaves a little lighter (issue 30's 400 KB).
 */
import type { AuthContext, AuthErrorInfo, ContactAttribute, FormData } from './types.ts';
import { isMfaType, messages, phoneUsername, trimmed } from './validation.ts';

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
