import type {
  GetCredentialsForIdentityCommandInput,
  GetCredentialsForIdentityCommandOutput,
  GetIdCommandInput,
  GetIdCommandOutput,
} from '@aws-sdk/client-cognito-identity';
import type { CognitoConfig } from './config.ts';
import { toAuthError } from './errors.ts';
import { lazy } from './lazy.ts';

interface IdentityOperations {
  GetId: [GetIdCommandInput, GetIdCommandOutput];
  GetCredentialsForIdentity: [GetCredentialsForIdentityCommandInput, GetCredentialsForIdentityCommandOutput];
}

export type IdentityOperation = keyof IdentityOperations;
export type IdentityInput<Op extends IdentityOperation> = IdentityOperations[Op][0];
export type IdentityOutput<Op extends IdentityOperation> = IdentityOperations[Op][1];
export type IdentityCall = <Op extends IdentityOperation>(operation: Op, input: IdentityInput<Op>) => Promise<IdentityOutput<Op>>;

export function createIdentityCall(config: CognitoConfig): IdentityCall {
  const sender = lazy(() => import('./identitySdk.ts').then((sdk) => sdk.createIdentitySender(config.region, config.endpoint)));
  return async (operation, input) => {
    try {
      return await (
        await sender()
      )(operation, input);
    } catch (error) {
      throw toAuthError(error);
    }
  };
}
