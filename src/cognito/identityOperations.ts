/** The identity-pool operations the client calls, with the SDK's input and output types (types only). */
import type {
  GetCredentialsForIdentityCommandInput,
  GetCredentialsForIdentityCommandOutput,
  GetIdCommandInput,
  GetIdCommandOutput,
} from '@aws-sdk/client-cognito-identity';

interface IdentityOperations {
  GetId: [GetIdCommandInput, GetIdCommandOutput];
  GetCredentialsForIdentity: [GetCredentialsForIdentityCommandInput, GetCredentialsForIdentityCommandOutput];
}

export type IdentityOperation = keyof IdentityOperations;
export type IdentityInput<Op extends IdentityOperation> = IdentityOperations[Op][0];
export type IdentityOutput<Op extends IdentityOperation> = IdentityOperations[Op][1];
export type IdentityCall = <Op extends IdentityOperation>(operation: Op, input: IdentityInput<Op>) => Promise<IdentityOutput<Op>>;
