import type { CognitoConfig } from './config.ts';
import { toAuthError } from './errors.ts';
import { lazy } from './lazy.ts';
import { nextTask } from './nextTask.ts';
import type { UserPoolCall } from './userPoolOperations.ts';
import { retryable } from '../chunks/retryable.ts';

/**
 * A typed way to call user-pool operations. The SDK is fetched on first use
 * (and can be fetched earlier with `load`, and warmed up with `warmUp`); every failure, a failed chunk
 * load included, comes back as an AuthError.
 */
export function createUserPoolCall(config: CognitoConfig): UserPoolCall & { load(): Promise<unknown>; warmUp(): Promise<unknown> } {
  const sdk = retryable(() => import('./sdk.ts'));
  const sender = lazy(() => sdk().then((sdk) => sdk.createUserPoolSender(config.region, config.endpoint)));
  let called = false;
  const call: UserPoolCall = async (operation, input) => {
    called = true;
    try {
      return await (
        await sender()
      )(operation, input);
    } catch (error) {
      throw toAuthError(error);
    }
  };
  // Fetched and warmed up (sdk.ts: the first call's one-time cost paid while the form is idle). Not once a call has
  // been made: a sign-in pressed before the app was idle waits for the SDK too, and the warm-up would go first. Each
  // warm-up call waits for a task of its own (nextTask.ts), so a press is never held behind them, and one made
  // meanwhile ends the warm-up. A warm-up that fails leaves the first call as it was, so it never fails the preload.
  const goOn = () => nextTask().then(() => !called);
  const warmUp = (send: Awaited<ReturnType<typeof sender>>) => (called ? undefined : send.warmUp(goOn).catch(() => {}));
  return Object.assign(call, { load: sender, warmUp: () => sender().then(warmUp) });
}
