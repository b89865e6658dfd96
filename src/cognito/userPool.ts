import type { CognitoConfig } from './config.ts';
import { toAuthError } from './errors.ts';
import type { UserPoolCall } from './userPoolOperations.ts';

type Sender = ReturnType<typeof import('./sdk.ts').createUserPoolSender>;

/**
 * A typed way to call user-pool operations. The SDK is fetched on first use
 * (and can be warmed earlier with `preload`); every failure, a failed chunk
 * load included, comes back as an AuthError.
 */
export function createUserPoolCall(config: CognitoConfig): UserPoolCall & { preload(): Promise<unknown> } {
  let sender: Promise<Sender> | undefined;
  const load = () =>
    (sender ??= import('./sdk.ts').then(
      (sdk) => sdk.createUserPoolSender(config.region, config.endpoint),
      (error: unknown) => {
        // Offline when the chunk was first needed: try again on the next call.
        sender = undefined;
        throw error;
      },
    ));
  const call: UserPoolCall = async (operation, input) => {
    try {
      const send = await load();
      return await send(operation, input);
    } catch (error) {
      throw toAuthError(error);
    }
  };
  return Object.assign(call, { preload: load });
}
