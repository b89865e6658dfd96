/**
 * QA mode: the same Playwright suite against a real Cognito test pool instead
 * of the local emulator. It is on when the QA_COGNITO_* variables are set;
 * admin calls (arranging users) then use the AWS SDK's usual credentials
 * (AWS_PROFILE, or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN).
 *
 * A real pool has no outbox (its codes go out by e-mail or SMS) and none of the
 * emulator's test controls (clock, faults, token lifetimes): specs that need
 * them call needsOutbox() / needsEmulator() first and are skipped there, with
 * the reason in the report.
 */
import { test } from '@playwright/test';

export interface RealPoolSettings {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
}

export const REAL_POOL_VARIABLES = {
  region: 'QA_COGNITO_REGION',
  userPoolId: 'QA_COGNITO_USER_POOL_ID',
  userPoolClientId: 'QA_COGNITO_CLIENT_ID',
  identityPoolId: 'QA_COGNITO_IDENTITY_POOL_ID',
} as const;

/** The real pool named by the environment, or null to use the local emulator. Half a setting is an error. */
export function realPoolSettings(env: Record<string, string | undefined> = process.env): RealPoolSettings | null {
  const read = (name: string) => env[name]?.trim() || undefined;
  const required = [REAL_POOL_VARIABLES.region, REAL_POOL_VARIABLES.userPoolId, REAL_POOL_VARIABLES.userPoolClientId];
  const given = required.filter((name) => read(name));
  if (given.length === 0) return null;
  if (given.length < required.length) {
    const missing = required.filter((name) => !read(name));
    throw new Error(`QA against a real Cognito pool needs ${required.join(', ')}; missing: ${missing.join(', ')}.`);
  }
  const userPoolId = read(REAL_POOL_VARIABLES.userPoolId)!;
  if (!userPoolId.includes('_'))
    throw new Error(`${REAL_POOL_VARIABLES.userPoolId} must look like eu-west-1_AbCdEf123, got ${userPoolId}.`);
  const identityPoolId = read(REAL_POOL_VARIABLES.identityPoolId);
  return {
    region: read(REAL_POOL_VARIABLES.region)!,
    userPoolId,
    userPoolClientId: read(REAL_POOL_VARIABLES.userPoolClientId)!,
    ...(identityPoolId ? { identityPoolId } : {}),
  };
}

export const realPool = realPoolSettings();
export const isRealPool = realPool !== null;

const OUTBOX_REASON = "needs the local test pool's outbox to read the codes it sends; a real Cognito pool e-mails or texts them";

/** Skips the calling spec against a real pool: call it first, before the spec signs anyone up. */
export function needsOutbox(what = OUTBOX_REASON): void {
  test.skip(isRealPool, what);
}

/** Skips the calling spec against a real pool because it uses one of the emulator's test controls. */
export function needsEmulator(control: 'clock' | 'faults' | 'token lifetimes' | 'TOTP codes' | 'reset'): void {
  test.skip(isRealPool, `needs the local test pool's ${control} control (/_emulator/), which a real Cognito pool does not have`);
}

/** The environment the app's dev server needs to talk to the real pool instead of the emulator. */
export function appEnvironment(settings: RealPoolSettings): Record<string, string> {
  return {
    VITE_AWS_REGION: settings.region,
    VITE_USER_POOL_ID: settings.userPoolId,
    VITE_USER_POOL_CLIENT_ID: settings.userPoolClientId,
    ...(settings.identityPoolId ? { VITE_IDENTITY_POOL_ID: settings.identityPoolId } : {}),
  };
}
