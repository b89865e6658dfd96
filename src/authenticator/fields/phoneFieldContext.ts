/**
 * The phone field, handed to the form by the Authenticator: only the screens
 * after the first ask for a phone number, so the field and its dial codes come
 * with them (screens/later.ts exports it) rather than with the sign-in screen.
 */
import { createContext, type ComponentType } from 'react';
import type { PhoneFieldProps } from './PhoneField.tsx';

export const PhoneFieldContext = createContext<ComponentType<PhoneFieldProps> | null>(null);
