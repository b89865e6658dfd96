import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authenticatorMachine } from './machine.ts';
import { isPending, routeOf } from './routes.ts';
import type { ConfirmSignUpInput, ConfirmSignUpOutput, SessionUser, SignInInput, SignInOutput, SignUpInput, SignUpOutput } from './types.ts';

const user: SessionUser = { username: 'uuid-1', userId: 'uuid-1', email: 'ana@example.com' };

/** Fake actors: the machine's unit tests are the one place fakes belong. */
function start(options: { session?: SessionUser | null; signInFails?: string } = {}) {
  const calls: { signIn: SignInInput[]; signUp: SignUpInput[]; confirmSignUp: ConfirmSignUpInput[]; signOut: number } = {
    signIn: [],
    signUp: [],
    confirmSignUp: [],
    signOut: 0,
  };
  const machine = authenticatorMachine.provide({
    actors: {
      loadSession: fromPromise<SessionUser | null>(async () => options.session ?? null),
      signIn: fromPromise<SignInOutput, SignInInput>(async ({ input }) => {
        calls.signIn.push(input);
        if (options.signInFails) throw Object.assign(new Error(options.signInFails), { name: 'NotAuthorizedException' });
        if (input.username === 'new@example.com') return { step: 'CONFIRM_SIGN_UP', username: input.username };
        return { step: 'DONE', user };
      }),
      signUp: fromPromise<SignUpOutput, SignUpInput>(async ({ input }) => {
        calls.signUp.push(input);
        return {
          step: 'CONFIRM_SIGN_UP',
          username: input.username,
          codeDeliveryDetails: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' },
        };
      }),
      confirmSignUp: fromPromise<ConfirmSignUpOutput, ConfirmSignUpInput>(async ({ input }) => {
        calls.confirmSignUp.push(input);
        return { step: 'DONE', username: input.username };
      }),
      signOut: fromPromise<void>(async () => {
        calls.signOut++;
      }),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  const settled = (route: string) => waitFor(actor, (s) => routeOf(s) === route && !isPending(s));
  return { actor, calls, settled };
}

describe('authenticator machine', () => {
  it('starts at sign-in without a stored session', async () => {
    const { settled } = start();
    expect(routeOf(await settled('signIn'))).toBe('signIn');
  });

  it('starts authenticated with a stored session', async () => {
    const { settled } = start({ session: user });
    const snapshot = await settled('authenticated');
    expect(snapshot.context.user).toEqual(user);
  });

  it('signs in with trimmed e-mail and untrimmed password', async () => {
    const { actor, calls, settled } = start();
    await settled('signIn');
    actor.send({ type: 'SUBMIT', data: { email: '  ana@example.com ', password: ' pass word ' } });
    expect(isPending(actor.getSnapshot())).toBe(true);
    await settled('authenticated');
    expect(calls.signIn).toEqual([{ username: 'ana@example.com', password: ' pass word ' }]);
  });

  it('keeps the route and shows the error when sign-in fails', async () => {
    const { actor, settled } = start({ signInFails: 'Incorrect username or password.' });
    await settled('signIn');
    actor.send({ type: 'SUBMIT', data: { email: 'ana@example.com', password: 'x' } });
    await waitFor(actor, (s) => s.context.error !== undefined);
    expect(routeOf(actor.getSnapshot())).toBe('signIn');
    expect(actor.getSnapshot().context.error).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    actor.send({ type: 'CLEAR_ERROR' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('walks sign-up, confirmation and back to sign-in with the e-mail kept', async () => {
    const { actor, calls, settled } = start();
    await settled('signIn');
    actor.send({ type: 'SIGN_UP' });
    actor.send({ type: 'SUBMIT', data: { email: 'new@example.com', password: 'Passw0rd!', confirm_password: 'Passw0rd!', given_name: ' Ana ' } });
    const confirm = await settled('confirmSignUp');
    expect(calls.signUp[0]).toEqual({ username: 'new@example.com', password: 'Passw0rd!', attributes: { given_name: 'Ana' } });
    expect(confirm.context.codeDeliveryDetails?.destination).toBe('a***@e***.com');
    actor.send({ type: 'SUBMIT', data: { confirmation_code: ' 123456 ' } });
    const back = await settled('signIn');
    expect(calls.confirmSignUp).toEqual([{ username: 'new@example.com', confirmationCode: '123456' }]);
    expect(back.context.username).toBe('new@example.com');
  });

  it('goes to confirmation when sign-in finds the account unconfirmed', async () => {
    const { actor, settled } = start();
    await settled('signIn');
    actor.send({ type: 'SUBMIT', data: { email: 'new@example.com', password: 'Passw0rd!' } });
    const snapshot = await settled('confirmSignUp');
    expect(snapshot.context.username).toBe('new@example.com');
  });

  it('signs out back to sign-in and forgets the user', async () => {
    const { actor, calls, settled } = start({ session: user });
    await settled('authenticated');
    actor.send({ type: 'SIGN_OUT' });
    const snapshot = await settled('signIn');
    expect(calls.signOut).toBe(1);
    expect(snapshot.context.user).toBeUndefined();
  });

  it('ignores a second SUBMIT while a request is pending', async () => {
    const { actor, calls, settled } = start();
    await settled('signIn');
    actor.send({ type: 'SUBMIT', data: { email: 'ana@example.com', password: 'x' } });
    actor.send({ type: 'SUBMIT', data: { email: 'ana@example.com', password: 'x' } });
    await settled('authenticated');
    expect(calls.signIn).toHaveLength(1);
  });
});
