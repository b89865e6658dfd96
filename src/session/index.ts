/**
 * The session API: the one way a page reaches the signed-in customer's
 * account (docs/architecture.md). The password rules of spec §5 come along,
 * from the machine's form rules, so a page checks a new password as the
 * sign-in screens do.
 */
export { federatedProvider } from './federated.ts';
export { sessionApiFrom } from './fromClient.ts';
export { SessionProvider, useSession } from './SessionProvider.tsx';
export type {
  AttributeUpdate,
  Attributes,
  AwsAccess,
  CodeSent,
  KnownDevice,
  PasskeyInfo,
  PasskeysApi,
  ReverificationApi,
  SessionApi,
  SignedInSession,
  SecondFactor,
  TwoStepSettings,
} from './types.ts';
export { passwordRules } from './passwordRules.ts';
export {
  confirmingWith,
  isReverificationCancelled,
  isReverificationRequired,
  REVERIFY_WINDOW_SECONDS,
  ReverificationCancelled,
  type ReverifyMethod,
  type ReverifyStep,
  type SensitiveAction,
} from './reverify.ts';
