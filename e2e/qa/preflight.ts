/**
 * Before anything starts in QA mode: are the admin credentials accepted, and
 * are the pool and the app client there? Two harmless calls answer it (an
 * admin look-up of a name nobody has, and a refresh with a token that is no
 * token); anything but the expected refusal stops the run with one line.
 * Then two reads (DescribeUserPool, DescribeUserPoolClient) compare the pool
 * with its definition, infra/pool.template.json (definition.ts): each setting
 * the specs rely on that differs stops the run, one line each.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { adminClient, type AdminAccess } from '../auth-support/admin.ts';
import { QaSetupError, type RealPoolSettings, userPoolEndpoint } from '../realPool.ts';
import { DEFINITION_FILE, type Definition, definitionFrom, differences } from './definition.ts';

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** A failure to reach the pool at all: the pool's own answers carry a `$fault` (client or server). */
const unreachable = (error: unknown) => error instanceof Error && !('$fault' in error) && error.name !== 'CredentialsProviderError';

/** The definition the QA pool must match: the committed template, unless a test names another. */
export const readDefinition = (file = DEFINITION_FILE): Definition =>
  definitionFrom(JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof definitionFrom>[0]);

export async function checkQaPool(settings: RealPoolSettings, definition: Definition = readDefinition()): Promise<void> {
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
    if (refused && !/secret hash/i.test(error.message)) return await checkDefinition(sdk, settings, definition);
    if (refused)
      throw new QaSetupError(`QA_COGNITO_CLIENT_ID ${settings.userPoolClientId} has a client secret; the app needs a public client.`);
    if (unreachable(error)) throw new QaSetupError(`cannot reach the pool at ${endpoint}: ${describe(error)}`);
    throw new QaSetupError(`QA_COGNITO_CLIENT_ID ${settings.userPoolClientId}: ${describe(error)}`);
  }
  throw new QaSetupError(
    `QA_COGNITO_CLIENT_ID ${settings.userPoolClientId} accepted a made-up refresh token: is ${endpoint} a Cognito user pool?`,
  );
}

/** The settings the specs rely on, read back and compared with the definition; each difference is one line. */
async function checkDefinition(sdk: CognitoIdentityProviderClient, settings: RealPoolSettings, definition: Definition): Promise<void> {
  const [{ UserPool: pool }, { UserPoolClient: client }] = await Promise.all([
    sdk.send(new DescribeUserPoolCommand({ UserPoolId: settings.userPoolId })),
    sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: settings.userPoolId, ClientId: settings.userPoolClientId })),
  ]).catch((error: unknown) => {
    throw new QaSetupError(`the pool refused to describe itself (the IAM policy in the README allows it): ${describe(error)}`);
  });
  if (!pool || !client) throw new QaSetupError('the pool described no pool or client.');
  const breaking = differences(definition, { pool, client }).filter((difference) => difference.breaksSpecs);
  if (breaking.length > 0) throw new QaSetupError(breaking.map((difference) => difference.message).join('\n'));
}
