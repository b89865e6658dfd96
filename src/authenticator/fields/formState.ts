import type { FormData, FormField } from '../../../machines/authenticator/index.ts';

/**
 * A screen's form, as plain data and the steps that change it: what it started with, what is typed now, and the
 * messages under the fields. The screens' forms are flat (one string per field), checked as a field is left and on
 * submit, and cleared field by field as the customer types again; that is all they need, so they carry this rather
 * than a general form library in the sign-in's first file (useAuthForm.ts holds it in React state).
 */
export interface FormState {
  readonly initial: FormData;
  readonly values: FormData;
  readonly errors: FormErrors;
}

/** The messages under the fields: only a field with a message has an entry. */
export type FormErrors = Partial<Record<FormField, string>>;

/** The form's rules: the message each field's value breaks, given all the values (an empty one: none). */
export type FormRules = (values: FormData) => Partial<Record<FormField, string | null | undefined>>;

export const startForm = (initial: FormData): FormState => ({ initial, values: initial, errors: {} });

/** The field typed into holds `value`, and its message goes until it is checked again. */
export const withValue = (state: FormState, name: FormField, value: string): FormState => ({
  ...state,
  values: { ...state.values, [name]: value },
  errors: withMessage(state.errors, name, undefined),
});

/**
 * The field shows `message` (or none). The checks below (this one, checkField, checkAll) give back the very state
 * they were given when no message changes: React then leaves the screen as drawn. A press on a valid form (submit,
 * a way without the password) checks it first, and a new state there had React draw the whole screen again in
 * the press's own task, before the request it starts could leave (issue 30: about 35 ms on the mobile profile).
 */
export const withError = (state: FormState, name: FormField, message: string | undefined): FormState =>
  (state.errors[name] || undefined) === (message || undefined) ? state : { ...state, errors: withMessage(state.errors, name, message) };

/** One field checked against the rules: its message is what they say of it now, the others stay. */
export const checkField = (state: FormState, rules: FormRules, name: FormField): FormState =>
  withError(state, name, rules(state.values)[name] || undefined);

/** Every field checked: the messages are exactly what the rules say now. */
export const checkAll = (state: FormState, rules: FormRules): FormState => {
  const errors: FormErrors = Object.fromEntries(Object.entries(rules(state.values)).filter(([, message]) => message));
  return sameMessages(state.errors, errors) ? state : { ...state, errors };
};

/** Whether the field holds something other than what the form started with (a field only passed through does not). */
export const isDirty = (state: FormState, name: FormField): boolean => (state.values[name] ?? '') !== (state.initial[name] ?? '');

export const hasErrors = (state: FormState): boolean => Object.keys(state.errors).length > 0;

function sameMessages(a: FormErrors, b: FormErrors): boolean {
  const names = Object.keys(a) as FormField[];
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
}

function withMessage(errors: FormErrors, name: FormField, message: string | undefined): FormErrors {
  const next = { ...errors };
  if (message) next[name] = message;
  else delete next[name];
  return next;
}
