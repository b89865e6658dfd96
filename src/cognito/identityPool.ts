import type { CognitoConfig } from './config.ts';
import { toAuthError } from './errors.ts';
import type { IdentityCall } from './identityOperations.ts';
import { lazy } from './lazy.ts';
import { retryable } from '../chunks/retryable.ts';

export function createIdentityCall(config: CognitoConfig): IdentityCall {
  const sdk = retryable(() => import('./identitySdk.ts'));
  const sender = lazy(() => sdk().then((sdk) => sdk.createIdentitySender(config.region, config.endpoint)));
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
