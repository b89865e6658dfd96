/**
 * Property test: random event sequences against a real actor whose fake
 * actors answer with random outcomes (every answer and error each actor can
 * give). Whatever happens: no exception, never authenticated without a
 * session user, every state is a screen or one of the moments without one
 * (with what its screen needs), and once the actors have answered nothing is
 * left waiting. fast-check prints the seed and the shrunk sequence of a
 * failure; FC_SEED=<seed> replays it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import type { AuthenticatorSnapshot } from './machine.ts';
import {
  actorNames,
  badChoiceForm,
  blankForm,
  fakeActors,
  fullForm,
  outcomes,
  restViolations,
  sampleEvents,
  violations,
  type Outcome,
} from './testSupport.ts';
import type { AuthActorName, AuthEvent, AuthenticatorInput, FormData } from './types.ts';

const RUNS = 10_000;

const text = fc.constantFrom(
  '',
  '   ',
  'ana@example.com',
  ' ana@example.com ',
  'Passw0rd!',
  '123456',
  'SMS',
  'TOTP',
  'EMAIL',
  'email',
  'phone_number',
  '+34',
);
const formData: fc.Arbitrary<FormData> = fc.oneof(
  fc.constantFrom(fullForm, badChoiceForm, blankForm, {}),
  fc.record(
    {
      email: text,
      password: text,
      confirm_password: text,
      confirmation_code: text,
      phone_number: text,
      country_code: text,
      mfa_type: text,
      unverified_attribute: text,
    },
    { requiredKeys: [] },
  ),
);

const event: fc.Arbitrary<AuthEvent> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...sampleEvents) },
  { weight: 2, arbitrary: formData.map((data): AuthEvent => ({ type: 'SUBMIT', data })) },
);

/** An event, and whether the actors may answer before the next one (if not, it lands mid-request). */
const step = fc.record({ event, settle: fc.boolean() });

const input: fc.Arbitrary<AuthenticatorInput> = fc.record(
  { initialRoute: fc.constantFrom('signIn', 'signUp', 'forgotPassword'), hideSignUp: fc.boolean() },
  { requiredKeys: [] },
);

/** The outcome each actor call gets, drawn from its list. */
const outcomePicks = fc.array(fc.nat(), { minLength: 1, maxLength: 16 });

/** Lets resolved fake actors answer, and the actors their answers start answer in turn. */
async function settle(actor: { getSnapshot(): AuthenticatorSnapshot }) {
  for (let tick = 0; tick < 200 && Object.keys(actor.getSnapshot().children).length > 0; tick++) await Promise.resolve();
}

/** One machine for every run (providing actors rebuilds it); each run swaps in its own picks. */
let pick: (name: AuthActorName) => Outcome<AuthActorName> = () => ({ error: { name: 'NoRun', message: 'no run under way' } });
const fakes = fakeActors(({ name }) => pick(name));

async function run(start: AuthenticatorInput, steps: { event: AuthEvent; settle: boolean }[], picks: number[]): Promise<string[]> {
  let call = 0;
  pick = (name) => {
    const list = outcomes[name] as Outcome<AuthActorName>[];
    return list[picks[call++ % picks.length]! % list.length]!;
  };
  fakes.reset();
  const problems: string[] = [];
  const actor = createActor(fakes.machine, {
    input: start,
    inspect: (inspection: InspectionEvent) => {
      // Every microstep of the machine itself, not of its fake actors.
      if (inspection.type !== '@xstate.microstep' && inspection.type !== '@xstate.snapshot') return;
      if (inspection.actorRef === actor) problems.push(...violations(inspection.snapshot as AuthenticatorSnapshot));
    },
  });
  actor.subscribe({ error: (error) => problems.push(`actor error: ${String(error)}`) });
  actor.start();
  for (const { event, settle: answer } of [{ event: { type: 'INIT' } as AuthEvent, settle: true }, ...steps]) {
    actor.send(event);
    if (answer) await settle(actor);
  }
  await settle(actor);
  const snapshot = actor.getSnapshot();
  if (snapshot.status !== 'active') problems.push(`status ${snapshot.status}`);
  problems.push(...restViolations(snapshot));
  actor.stop();
  return [...new Set(problems)];
}

describe('authenticator machine, random sequences', () => {
  it(`holds its invariants over ${RUNS} random event sequences with random actor outcomes`, async () => {
    const started = performance.now();
    let events = 0;
    await fc.assert(
      fc.asyncProperty(input, fc.array(step, { maxLength: 14 }), outcomePicks, async (start, steps, picks) => {
        events += steps.length + 1;
        expect(await run(start, steps, picks)).toEqual([]);
      }),
      { numRuns: RUNS, seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined },
    );
    console.info(
      `property: ${RUNS} sequences, ${events} events, ${actorNames.length} fake actors in ${Math.round(performance.now() - started)} ms`,
    );
    // A few seconds alone; room for a busy two-core machine. Not a speed assertion.
  }, 120_000);
});
