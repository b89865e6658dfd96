/**
 * The identity-pool half of the SDK, in its own chunk: apps without an
 * identity pool never download it.
 */
import { CognitoIdentityClient, GetCredentialsForIdentityCommand, GetIdCommand } from '@aws-sdk/client-cognito-identity';
import type { IdentityOperation, IdentityInput, IdentityOutput } from './identityOperations.ts';

const commands = {
  GetId: GetIdCommand,
  GetCredentialsForIdentity: GetCredentialsForIdentityCommand,
} satisfies Record<IdentityOperation, unknown>;

/** Every identity-pool operation the app can call (the build leaves out the SDK's signer for them: scripts/vite/sdkStandIns.ts). */
export const IDENTITY_OPERATIONS = Object.keys(commands) as IdentityOperation[];

export function createIdentitySender(region: string, endpoint: string | undefined) {
  // The SDK's default retry policy (3 attempts) applies; non-2xx answers become errors.
  const client = new CognitoIdentityClient({ region, endpoint });
  return <Op extends IdentityOperation>(operation: Op, input: IdentityInput<Op>): Promise<IdentityOutput<Op>> => {
    const Command = commands[operation] as unknown as new (input: IdentityInput<Op>) => Parameters<typeof client.send>[0];
    return client.send(new Command(input));
  };
}
