/**
 * Before anything starts in QA mode: are the admin credentials accepted, and
 * are the pool and the app client there? Two harmless calls answer it (an
 * admin look-up of a name nobody has, and a refresh with a token that is no
 * token); anything but the expected refusal stops the run with one line.
 */
import { randomBytes } from 'node:crypto';
import { AdminGetUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { adminClient, type AdminAccess } from '../auth-support/admin.ts';
import { QaSetupError, type RealPoolSettings, userPoolEndpoint } from '../realPool.ts';

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** A failure to reach the pool at all: the pool's own answers carry a `$fault` (client or server). */
const unreachable = (error: unknown) => error instanceof Error && !('$fault' in error) && error.name !== 'CredentialsProviderError';

export async function checkQaPool(settings: RealPoolSettings): Promise<void> {
  const endpoint = userPoolEndpoint(settings);
  const access: AdminAccess = { kind: 'aws credential chain', ...(settings.endpoint ? { endpoint: settings.endpoint } : {}) };
  // One attempt: a refusal is final, and a pool out of reach should say so at once.
  const sdk = adminClient({ ...settings, endpoint }, access, { maxAttempts: 1 });
  const nobody = `qa-preflight.${randomBytes(6).toString('hex')}@example.invalid`;
  try {
    await sdk.send(new AdminGetUserCommand({ UserPoolId: settings.userPoolId, Username: nobody }));
    throw new QaSetupError(`the pool has a user ${nobody}, made up to be nobody: is ${endpoint} a Cognito user pool?`);
  } catch (error) {
    if (error instanceof QaSetupError) throw error;
    if (error instanceof Error && error.name === 'UserNotFoundException') {
      // The credentials are accepted and may look users up.
    } else if (error instanceof Error && error.name === 'CredentialsProviderError')
      throw new QaSetupError(
        `no AWS credentials for the admin calls (set AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY): ${error.message}`,
      );
    else if (error instanceof Error && error.name === 'ResourceNotFoundException')
      throw new QaSetupError(`QA_COGNITO_USER_POOL_ID ${settings.userPoolId}: ${error.message}`);
    else if (unreachable(error)) throw new QaSetupError(`cannot reach the pool at ${endpoint}: ${describe(error)}`);
    else throw new QaSetupError(`the pool refused the admin credentials: ${describe(error)}`);
  }

  try {
    await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: settings.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: 'not-a-refresh-token' },
      }),
    );
  } catch (error) {
    const refused = error instanceof Error && error.name === 'NotAuthorizedException';
    if (refused && !/secret hash/i.test(error.message)) return;
    if (refused)
      throw new QaSetupError(`QA_COGNITO_CLIENT_ID ${settings.userPoolClientId} has a client secret; the app needs a public client.`);
    if (unreachable(error)) throw new QaSetupError(`cannot reach the pool at ${endpoint}: ${describe(error)}`);
    throw new QaSetupError(`QA_COGNITO_CLIENT_ID ${settings.userPoolClientId}: ${describe(error)}`);
  }
  throw new QaSetupError(
    `QA_COGNITO_CLIENT_ID ${settings.userPoolClientId} accepted a made-up refresh token: is ${endpoint} a Cognito user pool?`,
  );
}
