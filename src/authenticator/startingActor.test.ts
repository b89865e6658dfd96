import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type AuthenticatorInput, type AuthState, isPending, routeOf, type SessionUser } from '../../machines/authenticator/index.ts';
import { fakeActors, flush, sampleUser } from '../../machines/authenticator/testSupport.ts';
import { createStartingActor, type MachineActor } from './startingActor.ts';

type StartMachine = (input: AuthenticatorInput) => MachineActor;

const signInForm = { email: 'ana@example.com', password: 'Passw0rd!' };
const press = { type: 'SUBMIT', data: signInForm } as const;

/**
 * A starting actor whose machine's code arrives when the test says (`arrive`, `fail`): the real machine, its calls
 * answered by fakes (the stored session read finds `session`; every other call waits).
 */
function starting({ signedOut = true, session = null }: { signedOut?: boolean; session?: SessionUser | null } = {}) {
  const fakes = fakeActors((call) => (call.name === 'loadSession' ? { output: session } : undefined));
  const loads: { resolve: (start: StartMachine) => void; reject: (error: unknown) => void }[] = [];
  const machines: ReturnType<typeof createActor<typeof fakes.machine>>[] = [];
  const actor = createStartingActor({
    input: {},
    signedOut,
    load: () => new Promise<StartMachine>((resolve, reject) => void loads.push({ resolve, reject })),
  });
  const startMachine: StartMachine = (input) => {
    const machine = createActor(fakes.machine, { input }).start();
    machines.push(machine);
    return machine;
  };
  const shown: AuthState[] = [];
  actor.subscribe((state) => shown.push(state));
  return {
    actor,
    loads,
    machines,
    shown,
    /** the calls made, but passkey autofill's, which starts with the sign-in screen */
    calls: () => fakes.calls.map((call) => call.name).filter((name) => name !== 'passkeyAutofill'),
    arrive: async () => {
      loads.at(-1)!.resolve(startMachine);
      await flush();
    },
    fail: async () => {
      loads.at(-1)!.reject(new TypeError('Failed to fetch dynamically imported module'));
      await flush();
    },
  };
}

const seen = (actor: { getSnapshot(): AuthState }) => ({ route: routeOf(actor.getSnapshot()), pending: isPending(actor.getSnapshot()) });

afterEach(() => vi.restoreAllMocks());

describe('the authenticator before its machine has loaded', () => {
  it('signed out: the first screen at once; a press waits, kept, and reaches the machine once it has settled there', async () => {
    const { actor, loads, machines, calls, arrive } = starting();
    expect(seen(actor)).toEqual({ route: 'signIn', pending: false });
    expect(loads).toHaveLength(0);
    actor.start();
    expect(loads).toHaveLength(1);
    actor.send(press);
    // The buttons wait; nothing is called before the machine is there.
    expect(seen(actor)).toEqual({ route: 'signIn', pending: true });
    expect(calls()).toEqual([]);
    await arrive();
    expect(calls()).toEqual(['loadSession', 'signIn']);
    expect(actor.getSnapshot()).toBe(machines[0]!.getSnapshot());
    expect(seen(actor)).toEqual({ route: 'signIn', pending: true });
    // From now on, events go straight to the machine.
    actor.send({ type: 'FORGOT_PASSWORD' });
    expect(routeOf(machines[0]!.getSnapshot())).toBe('signIn');
  });

  it('signed out, but a session is found after all: its dashboard, and the press made meanwhile is dropped', async () => {
    const { actor, calls, arrive } = starting({ session: sampleUser });
    actor.start();
    actor.send(press);
    await arrive();
    expect(calls()).toEqual(['loadSession']);
    expect(seen(actor)).toEqual({ route: 'authenticated', pending: false });
    expect(actor.getSnapshot().context.user).toEqual(sampleUser);
  });

  it("a session may be stored: the machine's start until it has loaded, then each of its own states", async () => {
    const { actor, shown, arrive } = starting({ signedOut: false, session: sampleUser });
    expect(seen(actor)).toEqual({ route: 'idle', pending: false });
    actor.start();
    await arrive();
    expect(shown.map(routeOf)).toEqual(['setup', 'authenticated']);
  });

  it('what is not a press is kept without the buttons waiting', async () => {
    const { actor, arrive } = starting();
    actor.start();
    actor.send({ type: 'CLEAR_ERROR' });
    expect(seen(actor)).toEqual({ route: 'signIn', pending: false });
    await arrive();
    expect(seen(actor)).toEqual({ route: 'signIn', pending: false });
  });

  it("the machine's code does not arrive: the first screen says so, and the next press asks for it again", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor, loads, calls, arrive, fail } = starting();
    actor.start();
    actor.send(press);
    await fail();
    expect(logged).toHaveBeenCalledOnce();
    expect(seen(actor)).toEqual({ route: 'signIn', pending: false });
    expect(actor.getSnapshot().context.error).toEqual({ name: 'NetworkError', message: 'Network Error' });
    // The press the error answered is not carried out later.
    actor.send(press);
    expect(loads).toHaveLength(2);
    expect(seen(actor)).toEqual({ route: 'signIn', pending: true });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await arrive();
    expect(calls()).toEqual(['loadSession', 'signIn']);
  });

  it("stopped and started again before the code arrives (React's StrictMode): one fetch, one machine", async () => {
    const { actor, loads, machines, arrive } = starting();
    actor.start();
    actor.stop();
    actor.start();
    expect(loads).toHaveLength(1);
    await arrive();
    expect(machines).toHaveLength(1);
    expect(seen(actor)).toEqual({ route: 'signIn', pending: false });
    actor.stop();
    expect(machines[0]!.getSnapshot().status).toBe('stopped');
  });
});
