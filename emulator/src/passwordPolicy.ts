import { errors } from './errors.ts';
import type { PasswordPolicy } from './state.ts';

// Cognito's own list of symbols that count for the "symbols" class.
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** Throws InvalidPasswordException with Cognito's wording for the first rule the password breaks. */
export function enforcePasswordPolicy(password: string, policy: PasswordPolicy): void {
  const fail = (reason: string) => errors.invalidPassword(`Password did not conform with policy: ${reason}`);
  if (password.length < policy.minimumLength) throw fail('Password not long enough');
  if (policy.requireLowercase && !/[a-z]/.test(password)) throw fail('Password must have lowercase characters');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) throw fail('Password must have uppercase characters');
  if (policy.requireNumbers && !/[0-9]/.test(password)) throw fail('Password must have numeric characters');
  if (policy.requireSymbols && !SYMBOLS.test(password)) throw fail('Password must have symbol characters');
}
