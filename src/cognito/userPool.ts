import type { CognitoConfig } from './config.ts';
import { toAuthError } from './errors.ts';
import { lazy } from './lazy.ts';
import type { UserPoolCall } from './userPoolOperations.ts';

/**
 * A typed way to call user-pool operations. The SDK is fetched on first use
 * (and can be warmed earlier with `preload`); every failure, a failed chunk
 * load included, comes back as an AuthError.
 */
export function createUserPoolCall(config: CognitoConfig): UserPoolCall & { preload(): Promise<unknown> } {
  const sender = lazy(() => import('./sdk.ts').then((sdk) => sdk.createUserPoolSender(config.region, config.endpoint)));
  const call: UserPoolCall = async (operation, input) => {
    try {
      return await (
        await sender()
      )(operation, input);
    } catch (error) {
      throw toAuthError(error);
    }
  };
  return Object.assign(call, { preload: sender });
}
