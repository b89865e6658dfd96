import { poolName } from './config.ts';
import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import { tokensFromResult, userFromTokens } from './session.ts';
import { createEphemeral, formatTimestamp, signPasswordClaim } from './srp/srp.ts';
import type { SignInDetails } from './tokenStore.ts';
import type { SignInResult } from './types.ts';
import type { OperationOutput } from './userPoolOperations.ts';

export interface SignInInput {
  username: string;
  password: string;
}

function requireChallengeParameter(parameters: Record<string, string> | undefined, name: string): string {
  const value = parameters?.[name];
  if (!value) throw new AuthError('Unknown', 'An unknown error has occurred.', `The PASSWORD_VERIFIER challenge had no ${name}.`);
  return value;
}

/**
 * USER_SRP_AUTH: InitiateAuth with SRP_A, then RespondToAuthChallenge with the
 * password claim. Two requests; the user comes from the id token, not GetUser.
 */
export async function signIn(ctx: ClientContext, input: SignInInput): Promise<SignInResult> {
  const username = input.username.trim();
  if (!username) throw new AuthError('EmptyUsername', 'Username cannot be empty', 'Enter your e-mail.');
  if (!input.password) throw new AuthError('EmptyPassword', 'Password cannot be empty', 'Enter your password.');
  if (ctx.store.load()) {
    throw new AuthError('UserAlreadyAuthenticatedException', 'There is already a signed in user.', 'Sign out before signing in again.');
  }
  const details: SignInDetails = { loginId: username, authFlowType: 'USER_SRP_AUTH' };
  try {
    const ephemeral = createEphemeral();
    const started = await ctx.call('InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: ctx.config.userPoolClientId,
      AuthParameters: { USERNAME: username, SRP_A: ephemeral.A.toString(16) },
    });
    if (started.ChallengeName !== 'PASSWORD_VERIFIER') return finish(ctx, started, details);
    const parameters = started.ChallengeParameters;
    const userId = requireChallengeParameter(parameters, 'USER_ID_FOR_SRP');
    const secretBlock = requireChallengeParameter(parameters, 'SECRET_BLOCK');
    // The timestamp is signed, so it is written in the pool's time where the drift is known.
    const timestamp = formatTimestamp(new Date(ctx.now()));
    const signature = await signPasswordClaim({
      ephemeral,
      serverB: requireChallengeParameter(parameters, 'SRP_B'),
      salt: requireChallengeParameter(parameters, 'SALT'),
      secretBlock,
      realm: poolName(ctx.config),
      userId,
      password: input.password,
      timestamp,
    });
    const answered = await ctx.call('RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: ctx.config.userPoolClientId,
      Session: started.Session,
      ChallengeResponses: {
        USERNAME: parameters?.USERNAME ?? userId,
        PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
        PASSWORD_CLAIM_SIGNATURE: signature,
        TIMESTAMP: timestamp,
      },
    });
    return finish(ctx, answered, details);
  } catch (error) {
    if (error instanceof AuthError && error.name === 'UserNotConfirmedException') return { step: 'CONFIRM_SIGN_UP', username };
    if (error instanceof AuthError && error.name === 'PasswordResetRequiredException') return { step: 'RESET_PASSWORD', username };
    throw error;
  }
}

function finish(
  ctx: ClientContext,
  output: OperationOutput<'InitiateAuth'> | OperationOutput<'RespondToAuthChallenge'>,
  details: SignInDetails,
): SignInResult {
  if (output.AuthenticationResult) {
    const tokens = tokensFromResult(ctx, output.AuthenticationResult, undefined, details);
    ctx.store.save(tokens);
    return { step: 'DONE', user: userFromTokens(tokens) };
  }
  throw new AuthError(
    'UnsupportedChallenge',
    'An unknown error has occurred.',
    `The pool asked for ${output.ChallengeName ?? 'an unknown challenge'}, which this app does not support yet.`,
  );
}
