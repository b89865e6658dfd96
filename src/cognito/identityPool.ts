import type { CognitoConfig } from './config.ts';
import { toAuthError } from './errors.ts';
import type { IdentityCall } from './identityOperations.ts';
import { lazy } from './lazy.ts';

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
