import { PasswordInput } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useAlertLink } from './alertLink.ts';
import classes from './fields.module.css';

export interface PasswordFieldProps {
  label: string;
  autoComplete: string;
  value: string;
  error?: ReactNode;
  description?: ReactNode;
  onChange: (value: string) => void;
  onBlur: () => void;
  onFocus?: () => void;
}

/**
 * A password with a show/hide toggle a keyboard can reach. The toggle keeps
 * its name ("Show password") and says whether it is on with aria-pressed,
 * which screen readers announce as "toggle button, pressed / not pressed".
 */
export function PasswordField({ label, autoComplete, value, error, description, onChange, onBlur, onFocus }: PasswordFieldProps) {
  const { t } = useTranslation();
  const ref = useAlertLink<HTMLInputElement>();
  const id = useId();
  return (
    <PasswordInput
      ref={ref}
      id={id}
      label={label}
      autoComplete={autoComplete}
      required
      value={value}
      error={error}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      classNames={{ description: classes.quiet }}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      onFocus={onFocus}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('showPassword'), 'aria-controls': id }}
    />
  );
}
