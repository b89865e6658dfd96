import * as validation from '../../machines/authenticator/validation.ts';

/** Spec §5's password rules and messages, the ones the sign-in screens use. */
export const passwordRules = {
  /** every rule the password breaks, in the policy's order */
  errors: (password: string): string[] => validation.passwordPolicyErrors(password),
  /** "Your passwords must match", once both have 6 characters or more */
  mismatch: (password: string, confirmation: string): string | null => validation.passwordsMatch(password, confirmation),
  required: validation.messages.required,
};
