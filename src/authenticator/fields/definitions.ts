/**
 * The sign-in widget's form fields (spec §3), as data: each field's label,
 * input type, autocomplete token and rule. Screens list the fields they
 * show; FieldList renders them. Every field of spec §3 is required.
 *
 * Rules answer with the English message of spec §5 (or null); the screen
 * translates it when it shows it, so the rule and its wording stay in one
 * place (machines/authenticator/validation.ts).
 */
import { validation, type FieldName, type FormData } from '../../../machines/authenticator/index.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** How a field is typed in: each kind is one input component. */
export type FieldKind = 'email' | 'password' | 'code' | 'text' | 'date' | 'url' | 'phone';

export interface FieldDefinition {
  name: FieldName;
  label: MessageKey;
  kind: FieldKind;
  /** the HTML autocomplete token, so browsers and password managers fill the right thing */
  autoComplete: string;
  /** the message of the rule the value breaks (English, spec §5), or null */
  validate: (value: string, values: FormData) => string | null;
}

const required = (value: string) => validation.required(value);

/**
 * Spec §5: the mismatch is checked once both fields hold 6 characters or more, as the field is left too (a
 * confirmation begun and left shorter is not called a mismatch). A submit still refuses any mismatch
 * (mismatchOnSubmit): the password it would send is not the one confirmed.
 */
const matchesPassword = (value: string, values: FormData) =>
  validation.required(value) ?? validation.passwordsMatch(values.password ?? '', value);

/** On submit: "Your passwords must match" for a confirmation that differs at any length. */
export function mismatchOnSubmit(values: FormData): string | null {
  if (values.confirm_password === undefined || values.confirm_password === '') return null;
  return values.confirm_password === (values.password ?? '') ? null : validation.messages.passwordsMatch;
}

export const FIELDS: Record<FieldName, FieldDefinition> = {
  email: { name: 'email', label: 'email', kind: 'email', autoComplete: 'username', validate: validation.validEmail },
  username: { name: 'username', label: 'username', kind: 'text', autoComplete: 'username', validate: required },
  password: { name: 'password', label: 'password', kind: 'password', autoComplete: 'new-password', validate: required },
  confirm_password: {
    name: 'confirm_password',
    label: 'confirmPassword',
    kind: 'password',
    autoComplete: 'new-password',
    validate: matchesPassword,
  },
  confirmation_code: { name: 'confirmation_code', label: 'code', kind: 'code', autoComplete: 'one-time-code', validate: required },
  birthdate: { name: 'birthdate', label: 'birthdate', kind: 'date', autoComplete: 'bday', validate: required },
  family_name: { name: 'family_name', label: 'familyName', kind: 'text', autoComplete: 'family-name', validate: required },
  given_name: { name: 'given_name', label: 'givenName', kind: 'text', autoComplete: 'given-name', validate: required },
  middle_name: { name: 'middle_name', label: 'middleName', kind: 'text', autoComplete: 'additional-name', validate: required },
  name: { name: 'name', label: 'name', kind: 'text', autoComplete: 'name', validate: required },
  nickname: { name: 'nickname', label: 'nickname', kind: 'text', autoComplete: 'nickname', validate: required },
  phone_number: { name: 'phone_number', label: 'phoneNumber', kind: 'phone', autoComplete: 'tel-national', validate: required },
  // Not "username": that token belongs to the e-mail a password manager signs in with.
  preferred_username: { name: 'preferred_username', label: 'preferredUsername', kind: 'text', autoComplete: 'off', validate: required },
  profile: { name: 'profile', label: 'profile', kind: 'url', autoComplete: 'url', validate: required },
  website: { name: 'website', label: 'website', kind: 'url', autoComplete: 'url', validate: required },
};

/** The attributes a sign-up form can ask for besides e-mail and password (spec §3). */
export const SIGN_UP_ATTRIBUTES = [
  'birthdate',
  'family_name',
  'given_name',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'preferred_username',
  'profile',
  'website',
] as const satisfies readonly FieldName[];

export type SignUpAttribute = (typeof SIGN_UP_ATTRIBUTES)[number];

export const isSignUpAttribute = (name: string): name is SignUpAttribute => (SIGN_UP_ATTRIBUTES as readonly string[]).includes(name);

/** A screen's use of a field: the definition, with the label or autocomplete token that screen needs. */
export interface FieldUse {
  name: FieldName;
  label?: MessageKey;
  autoComplete?: string;
}

export type FieldSpec = FieldName | FieldUse;

export function fieldOf(spec: FieldSpec): FieldDefinition {
  const use = typeof spec === 'string' ? { name: spec } : spec;
  const base = FIELDS[use.name];
  return { ...base, label: use.label ?? base.label, autoComplete: use.autoComplete ?? base.autoComplete };
}

/** The values a form starts with: empty fields, and the default dial code where there is a phone number. */
export function initialValues(fields: readonly FieldDefinition[], known: FormData = {}): FormData {
  const values: FormData = {};
  for (const field of fields) values[field.name] = known[field.name] ?? '';
  if (fields.some((field) => field.kind === 'phone')) values.country_code = known.country_code ?? validation.DEFAULT_DIAL_CODE;
  return values;
}

/** The rule each field breaks, by field name (formState.ts's rules). */
export function validateAll(fields: readonly FieldDefinition[], values: FormData): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const field of fields) {
    const message = field.validate(values[field.name] ?? '', values);
    if (message) errors[field.name] = message;
  }
  return errors;
}
