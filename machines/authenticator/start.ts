import type { AuthContext, AuthenticatorInput, InitialRoute } from './types.ts';

/** The context the machine starts with, read from its input (nothing else is known before INIT). */
export const startContext = (input: AuthenticatorInput = {}): AuthContext => ({
  initialRoute: input.initialRoute ?? 'signIn',
  hideSignUp: input.hideSignUp ?? false,
  openPasskeyPrompt: input.openPasskeyPrompt ?? true,
});

/** The route setup leaves for when no session is stored: the configured one, but never a hidden sign-up. */
export const firstRoute = (context: Pick<AuthContext, 'initialRoute' | 'hideSignUp'>): InitialRoute =>
  context.initialRoute === 'signUp' && context.hideSignUp ? 'signIn' : context.initialRoute;
