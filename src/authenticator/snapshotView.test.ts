import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type AuthState, isPending, routeOf } from '../../machines/authenticator/index.ts';
import { type ActorCall, fakeActors, flush, type Outcome, sampleUser } from '../../machines/authenticator/testSupport.ts';
import type { AuthActorName } from '../../machines/authenticator/types.ts';
import { createSnapshotView, UNDER_PROMPT_MS, WAIT_DRAWN_AFTER_MS } from './snapshotView.ts';

const signInForm = { email: 'ana@example.com', password: 'Passw0rd!' };

/**
 * The machine on the sign-in screen, its calls answered by `decide` (undefined: the call waits), seen through a view
 * whose queued tasks and timers run only when the test says, and one listener that records what the screens would draw.
 */
async function onSignIn(decide: (call: ActorCall) => Outcome<AuthActorName> | undefined = () => undefined, promptAnswered?: () => boolean) {
  const fakes = fakeActors((call) => (call.name === 'loadSession' ? { output: null } : decide(call)));
  const actor = createActor(fakes.machine, { input: { openPasskeyPrompt: true } }).start();
  actor.send({ type: 'INIT' });
  await flush();
  const queued: { task: () => void; ms: number }[] = [];
  const view = createSnapshotView(actor, (task, ms) => void queued.push({ task, ms }), promptAnswered);
  const drawn: AuthState[] = [];
  const subscription = view.subscribe({ next: (snapshot) => drawn.push(snapshot) });
  /** Runs the timers due once `afterMs` have passed (each as if it were the only one: none waits on another). */
  const runQueued = (afterMs: number) => {
    const due = queued.filter((entry) => entry.ms <= afterMs);
    queued.splice(0, queued.length, ...queued.filter((entry) => entry.ms > afterMs));
    for (const entry of due) entry.task();
  };
  return { actor, view, drawn, subscription, runQueued, calls: fakes.calls, settle: fakes.settle.bind(fakes) };
}

const shown = (view: { getSnapshot(): AuthState }) => ({
  route: routeOf(view.getSnapshot()),
  pending: isPending(view.getSnapshot()),
});

describe('the screens see the machine wait on a call only once the call has started', () => {
  it(`a submit on the same screen: the call starts, and the waiting form is drawn once the wait has lasted ${WAIT_DRAWN_AFTER_MS} ms`, async () => {
    const { actor, view, drawn, runQueued, calls } = await onSignIn();
    actor.send({ type: 'SUBMIT', data: signInForm });
    // The machine waits and its call has started; the screens still show the form as it was.
    expect(isPending(actor.getSnapshot())).toBe(true);
    expect(calls.map((call) => call.name)).toContain('signIn');
    expect(shown(view)).toEqual({ route: 'signIn', pending: false });
    expect(drawn).toEqual([]);
    // Not on the next task: a pool that answers within the delay goes straight to its answer.
    runQueued(0);
    expect(drawn).toEqual([]);
    runQueued(WAIT_DRAWN_AFTER_MS);
    expect(shown(view)).toEqual({ route: 'signIn', pending: true });
    expect(drawn).toHaveLength(1);
  });

  it(`the passkey prompt: the screen under it is drawn once the prompt has stood ${UNDER_PROMPT_MS} ms`, async () => {
    const { actor, view, runQueued, calls } = await onSignIn((call) =>
      call.name === 'signIn' ? { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } } : undefined,
    );
    actor.send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: signInForm.email } });
    runQueued(WAIT_DRAWN_AFTER_MS);
    await flush();
    expect(routeOf(actor.getSnapshot())).toBe('passkey');
    expect(calls.map((call) => call.name)).toContain('passkeyPrompt');
    runQueued(WAIT_DRAWN_AFTER_MS);
    expect(shown(view)).toEqual({ route: 'signIn', pending: true });
    runQueued(UNDER_PROMPT_MS);
    expect(shown(view)).toEqual({ route: 'passkey', pending: true });
  });

  it("a prompt that has handed over its passkey by then: its screen is never drawn, the waiting button stays until the pool's answer", async () => {
    let answered = false;
    const { actor, view, drawn, runQueued, settle } = await onSignIn(
      (call) => (call.name === 'signIn' ? { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } } : undefined),
      () => answered,
    );
    actor.send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: signInForm.email } });
    // The pool answers within the wait's delay: the prompt comes before the wait was drawn, and covers the button
    // pressed, which spins behind it once the delay is over.
    await flush();
    expect(routeOf(actor.getSnapshot())).toBe('passkey');
    expect(shown(view)).toEqual({ route: 'signIn', pending: false });
    runQueued(WAIT_DRAWN_AFTER_MS);
    expect(shown(view)).toEqual({ route: 'signIn', pending: true });
    // The browser's prompt gave its credential; the client is sending it to the pool.
    answered = true;
    runQueued(UNDER_PROMPT_MS);
    expect(shown(view)).toEqual({ route: 'signIn', pending: true });
    settle('passkeyPrompt', { output: { step: 'DONE', user: sampleUser } });
    await flush();
    runQueued(UNDER_PROMPT_MS);
    expect(drawn.map(routeOf)).not.toContain('passkey');
    expect(routeOf(view.getSnapshot())).not.toBe('signIn');
  });

  it('a passkey answered before that goes straight to what follows; one cancelled shows its screen and why at once', async () => {
    const answered = await onSignIn((call) => (call.name === 'signIn' ? { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } } : undefined));
    answered.actor.send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: signInForm.email } });
    await flush();
    answered.settle('passkeyPrompt', { error: { name: 'NotAuthorizedException', message: 'Incorrect passkey.' } });
    await flush();
    // The pool refused it: the passkey screen, its error and its button, with no wait.
    expect(shown(answered.view)).toEqual({ route: 'passkey', pending: false });
    expect(answered.view.getSnapshot().context.error).toMatchObject({ name: 'NotAuthorizedException' });
    const drawn = answered.drawn.length;
    answered.runQueued(UNDER_PROMPT_MS);
    expect(answered.drawn).toHaveLength(drawn);

    const signedIn = await onSignIn((call) => (call.name === 'signIn' ? { output: { step: 'CONFIRM_SIGN_IN_WITH_PASSKEY' } } : undefined));
    signedIn.actor.send({ type: 'SIGN_IN_WITH', factor: 'WEB_AUTHN', data: { email: signInForm.email } });
    await flush();
    signedIn.runQueued(WAIT_DRAWN_AFTER_MS);
    signedIn.settle('passkeyPrompt', { output: { step: 'DONE', user: sampleUser } });
    await flush();
    signedIn.runQueued(UNDER_PROMPT_MS);
    expect(signedIn.drawn.map(routeOf)).not.toContain('passkey');
    expect(routeOf(signedIn.view.getSnapshot())).not.toBe('signIn');
  });

  it('a new screen is drawn at once, even while its call runs (the e-mailed code: its field takes the code at once)', async () => {
    const { actor, view, drawn } = await onSignIn();
    actor.send({ type: 'SIGN_IN_WITH', factor: 'EMAIL_OTP', data: { email: signInForm.email } });
    expect(shown(view)).toEqual({ route: 'confirmSignIn', pending: true });
    expect(drawn.map(routeOf)).toEqual(['confirmSignIn']);
  });

  it('an answer or an error is drawn at once, and a waiting state the answer overtook is not drawn afterwards', async () => {
    const { actor, view, drawn, runQueued, settle } = await onSignIn();
    actor.send({ type: 'SUBMIT', data: signInForm });
    settle('signIn', { error: { name: 'NotAuthorizedException', message: 'Incorrect username or password.' } });
    await flush();
    expect(shown(view)).toEqual({ route: 'signIn', pending: false });
    expect(view.getSnapshot().context.error).toMatchObject({ name: 'NotAuthorizedException' });
    const errorDrawn = drawn.length;
    runQueued(WAIT_DRAWN_AFTER_MS);
    expect(drawn).toHaveLength(errorDrawn);
    expect(shown(view).pending).toBe(false);
  });

  it(`a sign-in that ends goes from the waiting form to the signed-in page: the follow-up call between them is drawn only if it lasts ${WAIT_DRAWN_AFTER_MS} ms`, async () => {
    const quick = await onSignIn((call) => (call.name === 'signIn' ? { output: { step: 'DONE', user: sampleUser } } : undefined));
    quick.actor.send({ type: 'SUBMIT', data: signInForm });
    quick.runQueued(WAIT_DRAWN_AFTER_MS);
    await flush();
    // Signed in; the follow-up (is a contact still unverified?) runs, and the screens still show the waiting form.
    expect(routeOf(quick.actor.getSnapshot())).toBe('transition');
    expect(shown(quick.view)).toEqual({ route: 'signIn', pending: true });
    quick.settle('fetchUserAttributes', { output: { attributes: {} } });
    await flush();
    quick.runQueued(WAIT_DRAWN_AFTER_MS);
    expect(quick.drawn.map(routeOf)).toEqual(['signIn', 'authenticated']);

    const slow = await onSignIn((call) => (call.name === 'signIn' ? { output: { step: 'DONE', user: sampleUser } } : undefined));
    slow.actor.send({ type: 'SUBMIT', data: signInForm });
    slow.runQueued(WAIT_DRAWN_AFTER_MS);
    await flush();
    slow.runQueued(WAIT_DRAWN_AFTER_MS);
    expect(routeOf(slow.view.getSnapshot())).toBe('transition');
  });

  it('reads the machine directly while nobody listens, and stops listening to it with its last listener', async () => {
    const { actor, view, drawn, subscription } = await onSignIn();
    subscription.unsubscribe();
    actor.send({ type: 'SUBMIT', data: signInForm });
    expect(shown(view)).toEqual({ route: 'signIn', pending: true });
    expect(drawn).toEqual([]);
  });

  it('takes a listener as XState does, as functions', async () => {
    const { actor, view, runQueued } = await onSignIn();
    const drawn: string[] = [];
    const subscription = view.subscribe((snapshot) => drawn.push(routeOf(snapshot)));
    actor.send({ type: 'SIGN_UP' });
    runQueued(WAIT_DRAWN_AFTER_MS);
    expect(drawn).toEqual(['signUp']);
    subscription.unsubscribe();
  });
});
