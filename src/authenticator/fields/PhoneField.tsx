import { NativeSelect, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useAlertLink } from './alertLink.ts';
import classes from './fields.module.css';
import { dialCodeOptions } from './dialCodes.ts';

export interface PhoneFieldProps {
  label: string;
  autoComplete: string;
  dialCode: string;
  number: string;
  error?: string;
  onDialCodeChange: (value: string) => void;
  onNumberChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * A phone number as two fields: the country's dial code (a native select, so
 * every browser and screen reader knows it, +1 unless chosen) and the number.
 * The machine joins them and keeps only letters, digits and "+".
 */
export function PhoneField({ label, autoComplete, dialCode, number, error, onDialCodeChange, onNumberChange, onBlur }: PhoneFieldProps) {
  const { t, language } = useTranslation();
  const options = useMemo(() => dialCodeOptions(language), [language]);
  const selectRef = useAlertLink<HTMLSelectElement>();
  const numberRef = useAlertLink<HTMLInputElement>();
  return (
    <div className={classes.phone}>
      <NativeSelect
        ref={selectRef}
        className={classes.dialCode}
        label={t('countryCode')}
        autoComplete="tel-country-code"
        data={options}
        value={dialCode}
        onChange={(event) => onDialCodeChange(event.currentTarget.value)}
      />
      <TextInput
        ref={numberRef}
        className={classes.phoneNumber}
        label={label}
        type="tel"
        inputMode="tel"
        dir="ltr"
        autoComplete={autoComplete}
        required
        value={number}
        error={error}
        onChange={(event) => onNumberChange(event.currentTarget.value)}
        onBlur={onBlur}
      />
    </div>
  );
}
