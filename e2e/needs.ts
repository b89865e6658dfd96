/**
 * What a test needs beyond the Cognito API, said as its first line, before it
 * creates anyone:
 *
 *   needsOutbox()             reads a code the pool "sent" (a real pool e-mails or texts it)
 *   needsPrivatePool('why')   runs on a local test pool of its own, for a pool-wide setting,
 *                             the pool's clock, faults or TOTP codes
 *   needsStandInProviders()   signs in through the local pool's stand-ins for Google, Facebook,
 *                             Amazon and Apple (a real pool sends the browser to the providers themselves)
 *   needsSessionTracking()    lists and ends the customer's sessions, which the local pool tracks
 *                             (QA mode's configuration does not say whether its pool does)
 *
 * (A file, group or test that tests only the app says so at its top, testsTheAppAlone('what'): QA mode leaves it out.)
 *
 * In QA mode (realPool.ts) such a test is skipped right there, with the reason
 * in the report. The marks are checked in every run, QA or not: reading the
 * outbox or using the private pool without the mark, or marking after the
 * test has created a user, throws. So a spec cannot rot into one that QA mode
 * would skip half-way, after it has created users on the QA pool.
 */
import { test } from '@playwright/test';
import { isRealPool } from './realPool.ts';

export type Need =
  { kind: 'outbox' } | { kind: 'private pool'; why: string } | { kind: 'stand-in providers' } | { kind: 'session tracking' };

const OUTBOX_REASON = "needs the local test pool's outbox to read the codes it sends; a real Cognito pool e-mails or texts them";
const STAND_IN_REASON =
  "signs in at the local test pool's stand-in provider pages; a real pool's hosted UI sends the browser to Google, Facebook, Amazon or Apple themselves";
const SESSION_TRACKING_REASON =
  "lists and ends the customer's sessions (the Account page's \"Where you're signed in\"), shown only where config.json says the pool tracks them (userSessions); QA mode's configuration does not, and never turns tracking on";
export const privatePoolReason = (why: string) =>
  `runs on a local test pool of its own (${why}); QA mode tests only the configured pool, and never changes its settings`;

interface TestState {
  needs: Need[];
  /** the first thing the test did that a mark must come before */
  firstAction?: string;
}

let current: TestState | undefined;

/** The fixtures call these around every test (fixtures.ts). */
export const startTest = () => void (current = { needs: [] });
export const endTest = () => void (current = undefined);

/** Something a mark must come before, such as creating a user. */
export function noteAction(what: string): void {
  if (current && current.firstAction === undefined) current.firstAction = what;
}

const MARK_NAMES: Record<Need['kind'], string> = {
  outbox: 'needsOutbox()',
  'private pool': 'needsPrivatePool()',
  'stand-in providers': 'needsStandInProviders()',
  'session tracking': 'needsSessionTracking()',
};
const markName = (kind: Need['kind']) => MARK_NAMES[kind];

function mark(need: Need, reason: string): void {
  if (!current) throw new Error(`${markName(need.kind)} belongs inside a test, as its first line.`);
  if (current.firstAction !== undefined)
    throw new Error(`${markName(need.kind)} must be the test's first line: this test ${current.firstAction} before it.`);
  current.needs.push(need);
  test.skip(isRealPool, reason);
}

/** This test reads codes from the local pool's outbox. */
export const needsOutbox = (): void => mark({ kind: 'outbox' }, OUTBOX_REASON);

/** This test runs on the file's private pool (auth-support/privatePool.ts), for the reason given. */
export const needsPrivatePool = (why: string): void => mark({ kind: 'private pool', why }, privatePoolReason(why));

/** This test signs in through a stand-in provider page of the local pool's hosted UI. */
export const needsStandInProviders = (): void => mark({ kind: 'stand-in providers' }, STAND_IN_REASON);

/** This test lists or ends the customer's sessions on the Account page. */
export const needsSessionTracking = (): void => mark({ kind: 'session tracking' }, SESSION_TRACKING_REASON);

/**
 * This file, describe group or test tests the app itself (what), not the pool: the pool at most signs its users
 * in, and any pool answers that alike. QA mode is for the pool, so it leaves such tests out, and a run against QA's
 * pool spends neither its minutes nor its users on them; every run on the local pool has them. Said at the top of
 * the file or group, or as the test's first line, so it holds before the test does anything.
 */
export const testsTheAppAlone = (what: string): void => test.skip(isRealPool, appAloneReason(what));

export const appAloneReason = (what: string) =>
  `tests ${what}, not the pool; every run on the local pool has it, and QA mode, which is for the pool, leaves it out`;

/** Whether the running test has said it needs this. */
export const hasNeed = (kind: Need['kind']): boolean => current?.needs.some((need) => need.kind === kind) ?? false;

/** Throws unless the running test said first that it needs one of these: the check that keeps the marks honest. */
export function requireNeed(kinds: Need['kind'][], doing: string): void {
  if (kinds.some(hasNeed)) return;
  throw new Error(
    `This test ${doing} without ${kinds.map(markName).join(' or ')} as its first line: QA mode could not skip it before it creates users on a real pool.`,
  );
}
