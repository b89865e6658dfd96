/**
 * The machine's state as the screens read it. A press that starts a Cognito
 * call moves the machine at once into a state that waits on it (tagged
 * `pending`: the buttons wait), and the client then builds the request
 * through the AWS SDK's middleware, a chain of promise steps before `fetch`.
 * React hears of a store's change in a microtask, so the screens drew the
 * waiting state first and the request left only after that drawing (the
 * passkey sign-in's trace on the mobile profile of `npm run bench:trace`:
 * about 24 ms of React before each of its two calls). Here the change into
 * a waiting state on the same screen reaches the screens only once the wait
 * has lasted `WAIT_DRAWN_AFTER_MS`: the request is on its way by then, and
 * a pool that answers sooner goes straight to its answer, with no waiting
 * state drawn in between. The passkey screen, which the browser's prompt
 * covers, is drawn once the prompt has stood a moment (`UNDER_PROMPT_MS`),
 * and not at all if it has been answered by then. Every other change (a new
 * screen, which the customer reads and types into, like the e-mailed code's
 * field; an answer; an error) reaches them at once, as before.
 */
import type { Observer, Subscription } from 'xstate';
import { type AuthState, isPending, type Route, routeOf } from '../../machines/authenticator/index.ts';

/** What a view reads and is read as: an actor's state and subscription (XState's, or the starting actor's: startingActor.ts). */
export interface SnapshotSource {
  getSnapshot(): AuthState;
  subscribe(observer: Observer<AuthState>): Subscription;
  subscribe(next: (snapshot: AuthState) => void, error?: (error: unknown) => void, complete?: () => void): Subscription;
}

/** Runs `task` after `ms` milliseconds (a timer; tests run it when they choose). */
export type Later = (task: () => void, ms: number) => void;

const afterTimeout: Later = (task, ms) => void setTimeout(task, ms);

/** Screens the browser covers with its own prompt while they wait. */
const PROMPTED_ROUTES: readonly Route[] = ['passkey'];

/**
 * How long the browser's prompt stands before the screen under it is drawn. Behind the prompt the customer sees
 * none of it; an authenticator that answers at once (a key already touched, a device that checks nobody) then goes
 * on without waiting for that drawing (30 ms of React between the passkey sign-in's two calls on the mobile profile),
 * and the sign-in that ends before the delay never draws it.
 */
export const UNDER_PROMPT_MS = 200;

/** `next` waits on the browser's prompt, on a screen other than the one shown: drawn after `UNDER_PROMPT_MS`. */
const underPrompt = (shown: AuthState, next: AuthState): boolean =>
  isPending(next) && routeOf(next) !== routeOf(shown) && PROMPTED_ROUTES.includes(routeOf(next));

/**
 * How long a wait on the screen shown lasts before the screens draw it (the buttons disabled, the one pressed
 * spinning). Half of the tenth of a second within which an answer still feels immediate, so nobody sees the
 * difference; a pool that answers within it (one nearby, or the local test pool) goes straight to its answer. Drawn
 * a task after the press, the wait's drawing (about 15 ms of React and a frame in a loopback trace of a passkey
 * sign-in) ran just as the pool's first answer arrived, and held it back: passkey pressed → signed in went from 82
 * to 56 ms (medians of 12 loopback visits, alternated with the old build), an e-mailed code's sign-in from 43 to
 * 36 ms. On the mobile profile, where the answer takes longer, the drawing still ends before it comes.
 */
export const WAIT_DRAWN_AFTER_MS = 50;

/**
 * `next` waits on a call (the machine's `pending` tag) on the screen already shown, or is the follow-up call
 * between a finished step and the next route (`transition`, which has no screen): drawn once it has lasted
 * `WAIT_DRAWN_AFTER_MS`. A follow-up that answers by then (the id token read after a sign-in) goes straight to
 * what follows, and the card's spinner is never drawn between the last screen and the signed-in page.
 */
const drawnIfItLasts = (shown: AuthState, next: AuthState): boolean =>
  (isPending(next) && routeOf(next) === routeOf(shown)) || routeOf(next) === 'transition';

/**
 * A source for `useSelector` that publishes the actor's snapshots to its
 * listeners as described above. Subscribed to the actor while it has
 * listeners; with none, it reads the actor directly. `promptAnswered` says
 * whether the browser's prompt has handed over its credential (the Cognito
 * client knows: `passkeyPromptAnswered`): the screen under a prompt that is
 * gone is not drawn when its delay is over, and the screens go on showing
 * what they showed (the button that led there, waiting) until the pool's
 * answer. On the mobile profile that answer took longer than the delay, and
 * drawing the passkey screen then (60 ms of React in a trace) held the answer
 * back when it came.
 */
export function createSnapshotView(actor: SnapshotSource, later: Later = afterTimeout, promptAnswered = () => false): SnapshotSource {
  const listeners = new Set<Observer<AuthState>>();
  let shown = actor.getSnapshot();
  /** the latest wait not drawn yet (`drawnIfItLasts`), and whether its timer runs */
  let waiting: AuthState | undefined;
  let waitTimerAsked = false;
  let promptTimerAsked = false;
  let source: Subscription | undefined;

  const show = (next: AuthState) => {
    shown = next;
    for (const listener of [...listeners]) listener.next?.(next);
  };
  /** Shows the actor's snapshot; one under the browser's prompt only once its delay is over (`promptDue`). */
  const publish = (promptDue = false) => {
    const next = actor.getSnapshot();
    if (next === shown || (!promptDue && underPrompt(shown, next))) return;
    show(next);
  };
  // Everything but the waits above (a new screen, an answer, an error) is drawn at once.
  const changed = (next: AuthState) => {
    if (underPrompt(shown, next)) {
      if (promptTimerAsked) return;
      promptTimerAsked = true;
      return later(() => {
        promptTimerAsked = false;
        if (!promptAnswered()) publish(true);
      }, UNDER_PROMPT_MS);
    }
    if (!drawnIfItLasts(shown, next)) {
      waiting = undefined;
      return publish();
    }
    waiting = next;
    if (waitTimerAsked) return;
    waitTimerAsked = true;
    later(() => {
      waitTimerAsked = false;
      const wait = waiting;
      waiting = undefined;
      // Gone on to a prompt that is not drawn yet (a passkey's), the wait that led there is: the button pressed spins
      // behind the prompt, and goes on spinning if the prompt is answered before its screen is due.
      if (!underPrompt(shown, actor.getSnapshot())) publish();
      else if (wait && wait !== shown) show(wait);
    }, WAIT_DRAWN_AFTER_MS);
  };
  return {
    getSnapshot: () => (source ? shown : actor.getSnapshot()),
    subscribe(observerOrNext: Observer<AuthState> | ((snapshot: AuthState) => void), error?: (error: unknown) => void) {
      const observer = typeof observerOrNext === 'function' ? { next: observerOrNext, error } : observerOrNext;
      if (!source) {
        shown = actor.getSnapshot();
        source = actor.subscribe({
          next: changed,
          error: (error) => {
            shown = actor.getSnapshot();
            for (const listener of [...listeners]) listener.error?.(error);
          },
        });
      }
      listeners.add(observer);
      return {
        unsubscribe: () => {
          listeners.delete(observer);
          if (listeners.size > 0 || !source) return;
          source.unsubscribe();
          source = undefined;
        },
      };
    },
  };
}
