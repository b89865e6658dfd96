/**
 * Model-based test. xstate/graph walks the machine (pure transitions, with
 * every sample event and every outcome of whichever actors are running) and
 * gives the shortest way to each state; each edge of that graph becomes a
 * path. Every path is then played against a real actor whose fake actors
 * settle exactly as the path says, and after each step the real actor must be
 * where the model says, with the same context. Finally every state node and
 * every transition of the machine must have been reached or taken.
 */
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject, type InspectionEvent } from 'xstate';
import { authenticatorMachine, type AuthenticatorSnapshot } from './machine.ts';
import { fakeActors, flush, outcomeEvent, outcomes, sampleEvents, violations, type Outcome } from './testSupport.ts';
import type { AuthActorName, AuthEvent, AuthenticatorInput } from './types.ts';

type TransitionLike = { source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] }; eventType: string };

/** A transition's key: its source, its event ("" for an eventless one, as in transition.routing) and its place in the list. */
function transitionKey(t: TransitionLike): string {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} | ${t.eventType} | #${list.indexOf(t)}`;
}

/** Every transition the machine declares, by key. */
function allTransitions(): string[] {
  const keys: string[] = [];
  for (const node of [authenticatorMachine.root, ...getStateNodes(authenticatorMachine.root)]) {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t as unknown as TransitionLike));
    for (const t of node.always ?? []) keys.push(transitionKey(t as unknown as TransitionLike));
  }
  return keys;
}

const allStateIds = () => getStateNodes(authenticatorMachine.root).map((node) => node.id);

function activeStateIds(value: AuthenticatorSnapshot['value'], prefix = 'authenticator'): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}.${key}`, ...activeStateIds(child as never, `${prefix}.${key}`)]);
}

/** The sample events, plus every outcome of each actor running in this state. */
function eventsFor(snapshot: AuthenticatorSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [...sampleEvents];
  for (const id of Object.keys(snapshot.children)) {
    const name = id as AuthActorName;
    for (const outcome of outcomes[name] as Outcome<AuthActorName>[]) events.push(outcomeEvent(name, outcome));
  }
  return events;
}

/** States differ for the graph by route and by what the guards read from context. */
const serializeState = (snapshot: AuthenticatorSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    challenge: snapshot.context.challengeName,
    unverified: Object.keys(snapshot.context.unverifiedAttributes ?? {}),
    choice: (snapshot.context.availableChallenges?.length ?? 0) > 0,
    factor: snapshot.context.chosenFactor,
  });

const serializeEvent = (event: AnyEventObject) =>
  JSON.stringify(event, (_key, value: unknown) => (value instanceof Error ? { name: value.name, message: value.message } : value));

/** One path per edge of the graph: the shortest way to a state, then one event from there. */
function edgePaths(input: AuthenticatorInput): AnyEventObject[][] {
  // Actor outcomes are events the machine's own event type does not list; the graph only passes them along.
  const options = { events: eventsFor as (snapshot: AuthenticatorSnapshot) => AuthEvent[], serializeState, serializeEvent, input };
  const shortest = new Map<string, AnyEventObject[]>();
  for (const path of getShortestPaths(authenticatorMachine, options)) {
    shortest.set(
      serializeState(path.state),
      path.steps.map((step): AnyEventObject => step.event).filter((event) => event.type !== 'xstate.init'),
    );
  }
  const paths: AnyEventObject[][] = [];
  for (const { state, event } of adjacencyMapToArray(getAdjacencyMap(authenticatorMachine, options))) {
    paths.push([...shortest.get(serializeState(state))!, event]);
  }
  return paths;
}

/** A path that another path starts with is checked by that one; keep only the longest. */
function withoutPrefixes(paths: AnyEventObject[][]): AnyEventObject[][] {
  const keyOf = (path: AnyEventObject[]) => path.map(serializeEvent).join('\n');
  const prefixes = new Set<string>();
  for (const path of paths) for (let length = 1; length < path.length; length++) prefixes.add(keyOf(path.slice(0, length)));
  const kept = new Map<string, AnyEventObject[]>();
  for (const path of paths) if (!prefixes.has(keyOf(path))) kept.set(keyOf(path), path);
  return [...kept.values()];
}

const outcomeOf = (event: AnyEventObject): [AuthActorName, Outcome<AuthActorName>] | undefined => {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!match) return undefined;
  const name = match[2] as AuthActorName;
  return [name, match[1] === 'done' ? { output: event.output } : { error: event.error as { name: string; message: string } }];
};

/** Plays one path against a real actor, checking it against the model after every step; records what it reached and took. */
/** Every call waits until the path says how it ends. One machine for every path: providing actors rebuilds it. */
const fakes = fakeActors(() => undefined);

async function play(input: AuthenticatorInput, events: AnyEventObject[], taken: Set<string>, reached: Set<string>) {
  fakes.reset();
  const actor = createActor(fakes.machine, {
    input,
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep' || event.actorRef !== actor) return;
      for (const t of (event as unknown as { _transitions: TransitionLike[] })._transitions) taken.add(transitionKey(t));
      for (const id of activeStateIds((event.snapshot as AuthenticatorSnapshot).value)) reached.add(id);
    },
  });
  actor.start();
  let [model] = initialTransition(authenticatorMachine, input);
  for (const [index, event] of events.entries()) {
    const outcome = outcomeOf(event);
    if (outcome) {
      expect(fakes.settle(...outcome), `step ${index}: ${outcome[0]} should be running`).toBe(true);
    } else {
      actor.send(event as never);
    }
    await flush();
    [model] = transition(authenticatorMachine, model, event as never);
    const real = actor.getSnapshot();
    expect(
      real.value,
      `after ${events
        .slice(0, index + 1)
        .map((e) => e.type)
        .join(' → ')}`,
    ).toEqual(model.value);
    expect(real.context).toEqual(model.context);
    expect(real.status).toBe('active');
    expect(violations(real)).toEqual([]);
  }
  actor.stop();
}

/**
 * Each input, and the events whose transitions read it: setup's way out and SIGN_UP read the first route and
 * hideSignUp, and an answer asking for a passkey reads openPasskeyPrompt. The first input plays every edge; the
 * others only the edges ending in such an event.
 */
const ROUTE_READERS = new Set(['SIGN_UP', 'xstate.done.actor.loadSession', 'xstate.error.actor.loadSession']);
const PASSKEY_READERS = new Set(['xstate.done.actor.signIn', 'xstate.done.actor.confirmSignIn']);
const inputs: { input: AuthenticatorInput; readers: Set<string> }[] = [
  { input: {}, readers: new Set() },
  { input: { initialRoute: 'signUp' }, readers: ROUTE_READERS },
  { input: { initialRoute: 'forgotPassword' }, readers: ROUTE_READERS },
  { input: { initialRoute: 'signUp', hideSignUp: true }, readers: ROUTE_READERS },
  { input: { openPasskeyPrompt: false }, readers: PASSKEY_READERS },
];

describe('authenticator machine, model-based', () => {
  it('reaches every state and takes every transition, the real actor agreeing with the model at each step', async () => {
    const started = performance.now();
    const taken = new Set<string>();
    const reached = new Set<string>();
    let pathCount = 0;
    let stepCount = 0;
    for (const [index, { input, readers }] of inputs.entries()) {
      const edges = edgePaths(input).filter((path) => index === 0 || readers.has(path.at(-1)!.type));
      for (const path of withoutPrefixes(edges)) {
        await play(input, path, taken, reached);
        pathCount++;
        stepCount += path.length;
      }
    }
    const transitions = allTransitions();
    const states = allStateIds();
    console.info(
      `model-based: ${states.length} states, ${transitions.length} transitions; ${pathCount} paths, ${stepCount} steps in ${Math.round(performance.now() - started)} ms`,
    );
    expect(states.filter((id) => !reached.has(id))).toEqual([]);
    expect(transitions.filter((key) => !taken.has(key))).toEqual([]);
    // Seconds alone; room for a busy two-core machine. Not a speed assertion.
  }, 120_000);
});
