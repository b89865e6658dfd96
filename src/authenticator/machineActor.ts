/**
 * The authenticator's machine started on the Cognito client: XState, the machine and its actors, in a chunk of
 * their own that the app fetches once its first screen is up (startingActor.ts says why).
 */
import { createActor, type InspectionEvent } from 'xstate';
import { authenticatorMachine, type AuthenticatorInput } from '../../machines/authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import { createAuthActors } from './actors.ts';

/** A running authenticator actor whose actors call `client`; `inspect` sees its every step (the Stately inspector). */
export function startMachine(client: AuthClient, input: AuthenticatorInput, inspect?: (event: InspectionEvent) => void) {
  const machine = authenticatorMachine.provide({ actors: createAuthActors(client) });
  return createActor(machine, { input, inspect }).start();
}
