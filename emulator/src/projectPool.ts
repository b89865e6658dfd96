/**
 * The pool the test pool serves unless told otherwise: the project's own
 * definition, infra/pool.template.json, synthesized from the CDK app that
 * deploys the real pool (infra/). One definition, so the local pool and a
 * deployed one cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import type { SeedOptions } from './seed.ts';
import type { State } from './state.ts';
import { type CloudFormationTemplate, parseTemplate, stateFromTemplate } from './template.ts';
import { DEFAULT_MAX_SESSIONS_PER_USER } from './userSessions.ts';

/** Where the project's definition is, from this file. */
export const PROJECT_TEMPLATE = new URL('../../infra/pool.template.json', import.meta.url);

let template: CloudFormationTemplate | undefined;

/** The project's template, read once. */
export function projectTemplate(): CloudFormationTemplate {
  template ??= parseTemplate(readFileSync(PROJECT_TEMPLATE, 'utf8'));
  return template;
}

/**
 * What the project's pool has that CloudFormation cannot say yet, set as docs/deploy.md sets it on a deployed pool
 * after `cdk deploy` (one SetUserPoolSessionConfiguration call): Cognito tracks each customer's sessions, at most
 * the default 20 each, so the Account page can list them ("Where you're signed in").
 */
export const API_ONLY_SETTINGS = { sessionTracking: { enabled: true, maxPerUser: DEFAULT_MAX_SESSIONS_PER_USER } } as const;

/** A fresh state of the project's pool: e-mail as the user name, the product's password policy, passkeys, the app client, the four providers, the identity pool. */
export function seedState(options: SeedOptions, now: number): State {
  const { state } = stateFromTemplate(projectTemplate(), options, now);
  const pool = state.pools[state.seed.userPoolId];
  if (pool) pool.sessionTracking = { ...API_ONLY_SETTINGS.sessionTracking };
  return state;
}
