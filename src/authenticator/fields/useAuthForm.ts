import { useRef, useState, type FormEvent } from 'react';
import { validation, type FormData, type FormField } from '../../../machines/authenticator/index.ts';
import { useAuthActor, useEmailDraft } from '../AuthProvider.tsx';
import { fieldOf, initialValues, mismatchOnSubmit, validateAll, type FieldDefinition, type FieldSpec } from './definitions.ts';
import {
  checkAll,
  checkField,
  hasErrors,
  isDirty,
  startForm,
  withError,
  withValue,
  type FormErrors,
  type FormRules,
  type FormState,
} from './formState.ts';

export interface LivePasswordCheck {
  /** the policy rules the new password breaks, once the customer has typed something */
  policy: string[];
  /** "Your passwords must match", once both fields are long enough to mean it */
  mismatch: string | null;
}

/** What a new password breaks while it is typed (spec §5), so the messages move with each key. */
export function livePasswordCheck(values: FormData): LivePasswordCheck {
  const password = values.password ?? '';
  return {
    policy: password ? validation.passwordPolicyErrors(password) : [],
    mismatch: values.confirm_password === undefined ? null : validation.passwordsMatch(password, values.confirm_password),
  };
}

export interface AuthFormOptions {
  /** values the machine already knows (the e-mail typed on the previous screen) */
  known?: FormData;
  /** choices outside the field definitions (radio groups), with their starting values and rules */
  choices?: Partial<Record<FormField, { initial: string; rule: (value: string) => string | null }>>;
}

/** A screen's form, as its fields and screens use it: reads return the latest values, in a handler too. */
export interface AuthForm {
  getValues: () => FormData;
  /** the messages shown under the fields */
  errors: FormErrors;
  /** whether the field holds something other than what the form started with */
  isDirty: (name: FormField) => boolean;
  /** checks one field (as it is left) and shows what it breaks */
  validateField: (name: FormField) => { hasError: boolean };
  /** the field typed into; its message goes until it is checked again */
  setFieldValue: (name: FormField, value: string) => void;
  setFieldError: (name: FormField, message: string) => void;
}

/**
 * A screen's form: the listed fields with their rules, checked when a field
 * loses focus and on submit; a valid submit sends SUBMIT with the values
 * (the machine trims them, except passwords).
 */
export function useAuthForm(specs: readonly FieldSpec[], options: AuthFormOptions = {}) {
  const actor = useAuthActor();
  const draft = useEmailDraft();
  const fields: FieldDefinition[] = specs.map(fieldOf);
  // The e-mail typed last, on this screen or another, wins over the one the machine kept from an earlier form.
  const known = { ...options.known, email: draft.current || options.known?.email };
  // Checked as a field loses focus (FieldList) and on submit.
  const rules: FormRules = (values) => ({ ...validateAll(fields, values), ...choiceErrors(options, values) });
  const [state, setState] = useState(() => startForm({ ...initialValues(fields, known), ...choiceValues(options) }));
  // The form as last changed, for a handler that reads it right after a change, before React draws it again.
  const latest = useRef(state);
  const change = (next: FormState) => {
    latest.current = next;
    setState(next);
    return next;
  };
  const form: AuthForm = {
    getValues: () => latest.current.values,
    errors: state.errors,
    isDirty: (name) => isDirty(latest.current, name),
    validateField: (name) => ({ hasError: change(checkField(latest.current, rules, name)).errors[name] !== undefined }),
    setFieldValue: (name, value) => {
      if (name === 'email') draft.current = value;
      change(withValue(latest.current, name, value));
    },
    setFieldError: (name, message) => void change(withError(latest.current, name, message)),
  };
  // Every field is checked; a submit also refuses any mismatch, whatever else the form lacks (the field rules wait
  // for 6 characters). A valid one sends SUBMIT with the values.
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    let checked = checkAll(latest.current, rules);
    const mismatch = mismatchOnSubmit(checked.values);
    if (mismatch && !checked.errors.confirm_password) checked = withError(checked, 'confirm_password', mismatch);
    change(checked);
    if (!hasErrors(checked)) actor.send({ type: 'SUBMIT', data: checked.values });
  };
  return { form, fields, onSubmit, hasErrors: hasErrors(state) };
}

function choiceValues({ choices = {} }: AuthFormOptions): FormData {
  return Object.fromEntries(Object.entries(choices).map(([name, choice]) => [name, choice.initial]));
}

function choiceErrors({ choices = {} }: AuthFormOptions, values: FormData): FormData {
  const errors: FormData = {};
  for (const [name, choice] of Object.entries(choices) as [FormField, { rule: (value: string) => string | null }][]) {
    const message = choice.rule(values[name] ?? '');
    if (message) errors[name] = message;
  }
  return errors;
}
