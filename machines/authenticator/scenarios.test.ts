/**
 * The studio's scenarios, played on the machine: each must end where it says,
 * in a state the screens can render, and a designer who submits there must
 * move on as the real flow would. A screen route without its idle, pending
 * and error scenarios fails here.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { routeOf, SCREEN_ROUTES } from './routes.ts';
import { arrive, expectedState, scenarioInput, scenarioNamed, SCENARIOS, scriptedMachine, type ScriptedCall } from './scenarios.ts';
import { flush, fullForm, restViolations, violations } from './testSupport.ts';

async function play(name: string) {
  const scenario = scenarioNamed(name)!;
  const calls: ScriptedCall[] = [];
  const actor = createActor(
    scriptedMachine(scenario, (call) => calls.push(call)),
    { input: scenarioInput(scenario) },
  );
  actor.start();
  await arrive(actor, scenario, flush);
  return { scenario, actor, calls };
}

/** Special cases that arrive with a message on the screen. */
const SHOWS_AN_ERROR = ['signIn-after-confirm', 'selectFactor-passkey-cancelled'];

describe('scenarios', () => {
  it('cover every screen route in its idle, pending and error variants', () => {
    for (const route of SCREEN_ROUTES) {
      const variants = SCENARIOS.filter((scenario) => scenario.route === route).map((scenario) => scenario.variant);
      expect(variants, route).toEqual(expect.arrayContaining(['idle', 'pending', 'error']));
    }
  });

  it('cover the special cases the issue names', () => {
    for (const name of [
      'confirmSignIn-totp',
      'confirmSignIn-choice',
      'setupTotp-qr-failed',
      'verifyUser',
      'verifyUser-several',
      'confirmSignIn-email',
      'selectFactor-passkey-cancelled',
    ]) {
      expect(scenarioNamed(name), name).toBeDefined();
    }
  });

  it('have unique names fit for a URL', () => {
    const names = SCENARIOS.map((scenario) => scenario.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z]+(-[a-z]+)*$/);
  });

  it.each(SCENARIOS.map((scenario) => scenario.name))(
    '%s: the machine arrives where the scenario says, ready for its screen',
    async (name) => {
      const { scenario, actor } = await play(name);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expectedState(scenario));
      expect(violations(snapshot)).toEqual([]);
      if (scenario.variant === 'pending') expect(snapshot.hasTag('pending')).toBe(true);
      else expect(restViolations(snapshot)).toEqual([]);
      if (scenario.variant === 'error') expect(snapshot.context.error?.message).toBeTruthy();
      else if (!SHOWS_AN_ERROR.includes(scenario.name)) expect(snapshot.context.error).toBeUndefined();
      actor.stop();
    },
  );

  it.each(SCENARIOS.filter((scenario) => scenario.variant !== 'pending').map((scenario) => scenario.name))(
    '%s: submitting the screen moves on as the real flow would',
    async (name) => {
      const { scenario, actor, calls } = await play(name);
      const where = () => ({ route: routeOf(actor.getSnapshot()), challenge: actor.getSnapshot().context.challengeName });
      const before = { calls: calls.length, ...where() };
      actor.send(scenario.action ?? { type: 'SUBMIT', data: fullForm });
      await flush();
      const snapshot = actor.getSnapshot();
      expect(calls.length, 'the submit called the client').toBeGreaterThan(before.calls);
      // A new route, or on confirmSignIn's choice the chosen factor's form; the error variant's call fails only once.
      expect(where()).not.toEqual({ route: before.route, challenge: before.challenge });
      expect(snapshot.context.error).toBeUndefined();
      expect(violations(snapshot)).toEqual([]);
      expect(restViolations(snapshot)).toEqual([]);
      actor.stop();
    },
  );
});
