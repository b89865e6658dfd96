/**
 * Where the phone field comes from. Only the screens after the first ask for
 * a phone number (sign-up, a required attribute), so the field and its list of
 * dial codes come with them (screens/later.ts provides it as that chunk
 * loads), not with the sign-in screen: about 2 KB gzip less before the form is
 * interactive.
 */
import type { ComponentType } from 'react';
import type { PhoneFieldProps } from './PhoneField.tsx';

let phoneField: ComponentType<PhoneFieldProps> | null = null;

export const providePhoneField = (component: ComponentType<PhoneFieldProps>): void => {
  phoneField = component;
};

export function phoneFieldComponent(): ComponentType<PhoneFieldProps> {
  if (!phoneField) throw new Error('A phone field is shown only on the screens after the first, which bring it (screens/later.ts).');
  return phoneField;
}
