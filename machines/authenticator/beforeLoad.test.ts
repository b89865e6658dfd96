import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { idleState, signedOutState } from './beforeLoad.ts';
import { isPending, routeOf } from './routes.ts';
import { fakeActors, flush } from './testSupport.ts';
import type { AuthenticatorInput } from './types.ts';

/** The real machine's state after INIT with no stored session, as the screens read it. */
async function settledWithoutSession(input: AuthenticatorInput) {
  const fakes = fakeActors((call) => (call.name === 'loadSession' ? { output: null } : undefined));
  const actor = createActor(fakes.machine, { input }).start();
  const before = actor.getSnapshot();
  actor.send({ type: 'INIT' });
  await flush();
  const after = actor.getSnapshot();
  actor.stop();
  return { before, after };
}

describe('the states shown before the machine has loaded', () => {
  const inputs: AuthenticatorInput[] = [
    {},
    { initialRoute: 'signUp' },
    { initialRoute: 'signUp', hideSignUp: true },
    { initialRoute: 'forgotPassword', openPasskeyPrompt: false },
  ];

  it.each(inputs)('signed out, %o: where the machine settles without a session, and what it holds', async (input) => {
    const { after } = await settledWithoutSession(input);
    const state = signedOutState(input);
    expect(state.value).toEqual(after.value);
    expect(state.context).toEqual(after.context);
    expect(isPending(state)).toBe(false);
  });

  it.each(inputs)('idle, %o: the machine before INIT', async (input) => {
    const { before } = await settledWithoutSession(input);
    const state = idleState(input);
    expect(routeOf(state)).toBe(routeOf(before));
    expect(state.context).toEqual(before.context);
    expect(isPending(state)).toBe(false);
  });

  it('waits once pressed, and carries the error it is given', () => {
    const error = { name: 'NetworkError', message: 'Network Error' };
    expect(isPending(signedOutState({}, { pending: true }))).toBe(true);
    expect(signedOutState({}, { error }).context.error).toEqual(error);
    expect(routeOf(signedOutState({}, { error }))).toBe('signIn');
  });
});
