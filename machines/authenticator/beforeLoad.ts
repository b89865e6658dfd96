/**
 * The states the screens show before the machine's code has arrived (src/authenticator/startingActor.ts), built
 * without it: what the machine itself will be in, or settle in, by then.
 */
import type { AuthState } from './routes.ts';
import { firstRoute, startContext } from './start.ts';
import type { AuthenticatorInput, AuthErrorInfo, InitialRoute } from './types.ts';

/** Each first route's screen, waiting for the customer. */
const WAITING_AT = {
  signIn: { signIn: 'idle' },
  signUp: { signUp: 'idle' },
  forgotPassword: { forgotPassword: 'idle' },
} as const satisfies Record<InitialRoute, AuthState['value']>;

/**
 * The state a machine started with `input` settles in after INIT when no session is stored: its first route's
 * screen, waiting for the customer. The screens start there when the app knows that no session can be found,
 * while the machine's code is still on its way: `pending` once the customer has pressed something it will act on,
 * with `error` if that code could not be fetched.
 */
export function signedOutState(
  input: AuthenticatorInput = {},
  { pending = false, error }: { pending?: boolean; error?: AuthErrorInfo } = {},
): AuthState {
  const context = { ...startContext(input), ...(error && { error }) };
  return { value: WAITING_AT[firstRoute(context)], context, hasTag: (tag) => pending && tag === 'pending' };
}

/** The machine before INIT (nothing read, nothing shown): the screens' state until it has loaded, when a session may be stored. */
export const idleState = (input: AuthenticatorInput = {}): AuthState => ({
  value: 'idle',
  context: startContext(input),
  hasTag: () => false,
});
