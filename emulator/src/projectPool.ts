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

/** Where the project's definition is, from this file. */
export const PROJECT_TEMPLATE = new URL('../../infra/pool.template.json', import.meta.url);

let template: CloudFormationTemplate | undefined;

/** The project's template, read once. */
export function projectTemplate(): CloudFormationTemplate {
  template ??= parseTemplate(readFileSync(PROJECT_TEMPLATE, 'utf8'));
  return template;
}

/** A fresh state of the project's pool: e-mail as the user name, the product's password policy, passkeys, the app client, the four providers, the identity pool. */
export const seedState = (options: SeedOptions, now: number): State => stateFromTemplate(projectTemplate(), options, now).state;
