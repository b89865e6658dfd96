/**
 * The authenticator's actor as the app holds it from its first render. The
 * machine's code (XState, the machine and its actors: about 65 KB of the
 * 480 KB of JS the sign-in form used to wait for, issue 30) comes in a chunk
 * of its own, fetched once the first screen is up. Until it has arrived and
 * read the stored session, this stands in for it:
 *
 * - where the app knows no session can be found (no tokens stored, not the
 *   hosted UI's answer: `AuthClient.startsSignedOut`), the screens start on
 *   the first route's screen, waiting for the customer, which is where the
 *   machine's setup goes then. What the customer sends meanwhile is kept, the
 *   buttons wait, and it reaches the machine once that has settled there;
 *   were a session found after all (another tab signed in meanwhile), it is
 *   dropped, as a press on a screen that has gone;
 * - otherwise the machine's start (`idle`, a spinner) shows until it has
 *   loaded, and the machine's own states from then on.
 *
 * If the chunk cannot be fetched (offline), the first screen shows with the
 * network error, and the next press fetches it again.
 */
import type { Observer, Subscription } from 'xstate';
import {
  type AuthEvent,
  type AuthState,
  type AuthenticatorInput,
  idleState,
  routeOf,
  signedOutState,
} from '../../machines/authenticator/index.ts';
import { NETWORK_ERROR_MESSAGE } from '../cognito/index.ts';
import type { SnapshotSource } from './snapshotView.ts';

/** What the screens hold of the authenticator's actor: its state to read, its events to send. */
export interface AuthActor extends SnapshotSource {
  send(event: AuthEvent): void;
}

/** A running machine, as the starting actor drives it (an XState actor of the authenticator machine). */
export interface MachineActor extends AuthActor {
  stop(): void;
}

export interface StartingActorOptions {
  /** the machine's input */
  input: AuthenticatorInput;
  /** no session can be found: the first screen shows before the machine has loaded */
  signedOut: boolean;
  /** fetches the machine's code; what it resolves to starts a machine with the input */
  load: () => Promise<(input: AuthenticatorInput) => MachineActor>;
}

export interface StartingActor extends AuthActor {
  /** Fetches the machine's code if need be, starts the machine and sends it INIT. Does nothing while started. */
  start(): void;
  /** Stops the machine (an unmounted provider); `start` begins again with a new one. */
  stop(): void;
}

/** Events that are not a press of the customer's: kept as the others, but the buttons do not wait for them. */
const UNPRESSED: readonly AuthEvent['type'][] = ['CLEAR_ERROR', 'SESSION_EXPIRED', 'SIGNED_IN_ELSEWHERE', 'SIGNED_OUT_ELSEWHERE'];

/** Routes the machine passes through before it settles: nothing to hand over to yet. */
const STARTING_ROUTES = ['idle', 'setup'];

export function createStartingActor({ input, signedOut, load }: StartingActorOptions): StartingActor {
  const observers = new Set<Observer<AuthState>>();
  const kept: AuthEvent[] = [];
  /** the state shown until the machine has settled */
  let standIn = signedOut ? signedOutState(input) : idleState(input);
  let machine: MachineActor | undefined;
  let subscription: Subscription | undefined;
  /** the machine's states are the ones shown */
  let handedOver = false;
  let started = false;
  /** the chunk could not be fetched: the next press asks again */
  let failed = false;
  /** a start that a stop, or a newer start, has made stale */
  let run = 0;
  let loading: ReturnType<typeof load> | undefined;

  const getSnapshot = (): AuthState => (handedOver && machine ? machine.getSnapshot() : standIn);
  const publish = () => {
    const state = getSnapshot();
    for (const observer of [...observers]) observer.next?.(state);
  };
  const showStandIn = (next: AuthState) => {
    standIn = next;
    publish();
  };

  /** From now on the machine's states show; what the customer sent meanwhile reaches it if it is on that screen. */
  const handOver = (deliver: boolean) => {
    handedOver = true;
    for (const event of kept.splice(0)) if (deliver) machine!.send(event);
    publish();
  };

  const attach = (start: (input: AuthenticatorInput) => MachineActor) => {
    const actor = start(input);
    machine = actor;
    subscription = actor.subscribe({
      next: (snapshot) => {
        if (handedOver) return publish();
        const route = routeOf(snapshot);
        if (!STARTING_ROUTES.includes(route)) handOver(route === routeOf(standIn));
      },
      error: (error) => {
        for (const observer of [...observers]) observer.error?.(error);
      },
    });
    actor.send({ type: 'INIT' });
    // Nothing shown stands for a screen: the machine's own start (setup) shows, and what was sent reaches it.
    if (!handedOver && routeOf(standIn) === 'idle') handOver(true);
  };

  const fail = (error: unknown) => {
    console.error('The sign-in could not load:', error);
    loading = undefined;
    started = false;
    failed = true;
    kept.length = 0;
    showStandIn(signedOutState(input, { error: { name: 'NetworkError', message: NETWORK_ERROR_MESSAGE } }));
  };

  const start = () => {
    if (started) return;
    started = true;
    failed = false;
    const current = ++run;
    loading ??= load();
    loading.then(
      (startMachine) => current === run && attach(startMachine),
      (error: unknown) => current === run && fail(error),
    );
  };

  return {
    start,
    stop() {
      run++;
      started = false;
      subscription?.unsubscribe();
      machine?.stop();
      subscription = undefined;
      machine = undefined;
      handedOver = false;
    },
    send(event) {
      if (handedOver && machine) return machine.send(event);
      kept.push(event);
      if (UNPRESSED.includes(event.type)) return;
      // A press after the chunk failed: the error goes, the buttons wait, and the chunk is asked for again.
      if (failed) start();
      if (!standIn.hasTag('pending') && routeOf(standIn) !== 'idle') showStandIn(signedOutState(input, { pending: true }));
    },
    getSnapshot,
    subscribe(observerOrNext: Observer<AuthState> | ((state: AuthState) => void), error?: (error: unknown) => void) {
      const observer = typeof observerOrNext === 'function' ? { next: observerOrNext, error } : observerOrNext;
      observers.add(observer);
      return { unsubscribe: () => void observers.delete(observer) };
    },
  };
}
