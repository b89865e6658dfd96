/**
 * What a test needs beyond the Cognito API, said as its first line, before it
 * creates anyone:
 *
 *   needsOutbox()             reads a code the pool "sent" (a real pool e-mails or texts it)
 *   needsPrivatePool('why')   runs on a local test pool of its own, for a pool-wide setting,
 *                             the pool's clock, faults or TOTP codes
 *
 * In QA mode (realPool.ts) such a test is skipped right there, with the reason
 * in the report. The marks are checked in every run, QA or not: reading the
 * outbox or using the private pool without the mark, or marking after the
 * test has created a user, throws. So a spec cannot rot into one that QA mode
 * would skip half-way, after it has created users on the QA pool.
 */
import { test } from '@playwright/test';
import { isRealPool } from './realPool.ts';

export type Need = { kind: 'outbox' } | { kind: 'private pool'; why: string };

const OUTBOX_REASON = "needs the local test pool's outbox to read the codes it sends; a real Cognito pool e-mails or texts them";
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

const markName = (kind: Need['kind']) => (kind === 'outbox' ? 'needsOutbox()' : 'needsPrivatePool()');

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

/** Whether the running test has said it needs this. */
export const hasNeed = (kind: Need['kind']): boolean => current?.needs.some((need) => need.kind === kind) ?? false;

/** Throws unless the running test said first that it needs one of these: the check that keeps the marks honest. */
export function requireNeed(kinds: Need['kind'][], doing: string): void {
  if (kinds.some(hasNeed)) return;
  throw new Error(
    `This test ${doing} without ${kinds.map(markName).join(' or ')} as its first line: QA mode could not skip it before it creates users on a real pool.`,
  );
}
