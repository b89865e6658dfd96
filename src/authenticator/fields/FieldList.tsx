import { use } from 'react';
import { TextInput } from '@mantine/core';
import { validation, type FormData } from '../../../machines/authenticator/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useAlertLink } from './alertLink.ts';
import type { FieldDefinition, FieldKind } from './definitions.ts';
import classes from './fields.module.css';
import { PasswordField } from './PasswordField.tsx';
import { PhoneFieldContext } from './phoneFieldContext.ts';
import { livePasswordCheck, type AuthForm } from './useAuthForm.ts';

/** The input type and keyboard of each kind of plain field. */
/** E-mail addresses, codes and addresses on the web read left to right in every language (`dir`), Arabic and Hebrew included. */
const INPUTS: Record<Exclude<FieldKind, 'password' | 'phone'>, { type: string; inputMode?: 'numeric' | 'email' | 'url'; dir?: 'ltr' }> = {
  email: { type: 'email', inputMode: 'email', dir: 'ltr' },
  code: { type: 'text', inputMode: 'numeric', dir: 'ltr' },
  text: { type: 'text' },
  date: { type: 'date' },
  url: { type: 'url', inputMode: 'url', dir: 'ltr' },
};

export interface FieldListProps {
  fields: readonly FieldDefinition[];
  form: AuthForm;
  /** a new password is being chosen: show the policy and the match as the customer types */
  livePasswordRules?: boolean;
}

/** A screen's fields, in order, each with its label, rule and translated message. */
export function FieldList({ fields, form, livePasswordRules = false }: FieldListProps) {
  const { t, tr } = useTranslation();
  // The phone field comes with the screens after the first, the only ones that ask for a phone number.
  const PhoneField = use(PhoneFieldContext);
  const values = form.getValues();
  const live = livePasswordRules ? livePasswordCheck(values) : undefined;
  const errorOf = (name: keyof FormData) => {
    const message = form.errors[name];
    return typeof message === 'string' ? tr(message) : undefined;
  };

  return fields.map((field) => {
    const label = t(field.label);
    // A field the customer only passed through (focus lands on the first one by itself) is not an error yet; submit says so.
    const onBlur = () => {
      if (form.isDirty(field.name)) form.validateField(field.name);
    };
    if (field.kind === 'password') {
      const isNew = live && field.name === 'password';
      const isConfirmation = live && field.name === 'confirm_password';
      const policy = isNew && live.policy.length > 0 && (
        <>
          {live.policy.map((message) => (
            <span key={message} className={classes.rule}>
              {tr(message)}
            </span>
          ))}
        </>
      );
      const mismatch = isConfirmation && live.mismatch ? tr(live.mismatch) : undefined;
      return (
        <PasswordField
          key={field.name}
          label={label}
          autoComplete={field.autoComplete}
          value={values[field.name] ?? ''}
          error={errorOf(field.name) ?? (policy || mismatch)}
          description={isNew ? t('passwordRules', { min: validation.DEFAULT_PASSWORD_POLICY.minLength }) : undefined}
          onChange={(value) => form.setFieldValue(field.name, value)}
          onBlur={onBlur}
        />
      );
    }
    if (field.kind === 'phone') {
      if (!PhoneField) throw new Error('A phone field is shown only on the screens after the first, which bring it.');
      return (
        <PhoneField
          key={field.name}
          label={label}
          autoComplete={field.autoComplete}
          dialCode={values.country_code ?? ''}
          number={values[field.name] ?? ''}
          error={errorOf(field.name)}
          onDialCodeChange={(value) => form.setFieldValue('country_code', value)}
          onNumberChange={(value) => form.setFieldValue(field.name, value)}
          onBlur={onBlur}
        />
      );
    }
    return (
      <PlainField
        key={field.name}
        label={label}
        kind={field.kind}
        autoComplete={field.autoComplete}
        value={values[field.name] ?? ''}
        error={errorOf(field.name)}
        onChange={(value) => form.setFieldValue(field.name, value)}
        onBlur={onBlur}
      />
    );
  });
}

interface PlainFieldProps {
  label: string;
  kind: keyof typeof INPUTS;
  autoComplete: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

function PlainField({ label, kind, autoComplete, value, error, onChange, onBlur }: PlainFieldProps) {
  const ref = useAlertLink<HTMLInputElement>();
  const { type, inputMode, dir } = INPUTS[kind];
  return (
    <TextInput
      ref={ref}
      label={label}
      type={type}
      inputMode={inputMode}
      dir={dir}
      autoComplete={autoComplete}
      required
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
    />
  );
}
