import { useForm } from '@mantine/form';
import { validation, type FormData, type FormField } from '../../../machines/authenticator/index.ts';
import { useAuthActor, useEmailDraft } from '../AuthProvider.tsx';
import { fieldOf, initialValues, mismatchOnSubmit, validateAll, type FieldDefinition, type FieldSpec } from './definitions.ts';

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

/**
 * A screen's form: the listed fields with their rules, checked when a field
 * loses focus and on submit; a valid submit sends SUBMIT with the values
 * (the machine trims them, except passwords).
 */
export interface AuthFormOptions {
  /** values the machine already knows (the e-mail typed on the previous screen) */
  known?: FormData;
  /** choices outside the field definitions (radio groups), with their starting values and rules */
  choices?: Partial<Record<FormField, { initial: string; rule: (value: string) => string | null }>>;
}

export function useAuthForm(specs: readonly FieldSpec[], options: AuthFormOptions = {}) {
  const actor = useAuthActor();
  const draft = useEmailDraft();
  const fields: FieldDefinition[] = specs.map(fieldOf);
  // The e-mail typed last, on this screen or another, wins over the one the machine kept from an earlier form.
  const known = { ...options.known, email: draft.current || options.known?.email };
  const form = useForm<FormData>({
    mode: 'controlled',
    initialValues: { ...initialValues(fields, known), ...choiceValues(options) },
    onValuesChange: (values) => {
      if (values.email !== undefined) draft.current = values.email;
    },
    // Checked as a field loses focus (FieldList) and on submit.
    validate: (values) => ({ ...validateAll(fields, values), ...choiceErrors(options, values) }),
  });
  // A submit refuses any mismatch, whatever else the form lacks (the field rules wait for 6 characters).
  const refuseMismatch = (data: FormData, errors: Record<string, unknown> = {}) => {
    const mismatch = mismatchOnSubmit(data);
    if (mismatch && !errors.confirm_password) form.setFieldError('confirm_password', mismatch);
    return mismatch !== null;
  };
  const onSubmit = form.onSubmit(
    (data) => {
      if (!refuseMismatch(data)) actor.send({ type: 'SUBMIT', data });
    },
    (errors, data) => void refuseMismatch(data, errors),
  );
  const hasErrors = Object.keys(form.errors).length > 0;
  return { form, fields, onSubmit, hasErrors };
}

export type AuthForm = ReturnType<typeof useAuthForm>['form'];

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
