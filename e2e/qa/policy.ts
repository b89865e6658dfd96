/**
 * The README's IAM policy for QA mode, and the check that keeps it exact: the
 * QA pass records every admin call the suite made (the strict emulator's
 * `--record`), and each must be in the policy; with the whole suite run, the
 * policy must hold nothing else. Calls that change a pool for everyone must
 * never appear at all.
 */

/** The heading the policy's JSON block follows, in README.md. */
export const POLICY_HEADING = '### IAM policy for QA mode';

/** Actions that change a pool's or a client's settings for every user of it: QA mode must never call them. */
export const POOL_WIDE_ACTIONS = [
  'cognito-idp:UpdateUserPool',
  'cognito-idp:SetUserPoolMfaConfig',
  'cognito-idp:CreateUserPoolClient',
  'cognito-idp:UpdateUserPoolClient',
  'cognito-idp:DeleteUserPoolClient',
  'cognito-idp:DeleteUserPool',
  'cognito-idp:CreateUserPool',
  'cognito-idp:SetRiskConfiguration',
  'cognito-idp:SetUICustomization',
  'cognito-idp:UpdateUserPoolDomain',
  'cognito-idp:CreateIdentityProvider',
  'cognito-idp:UpdateIdentityProvider',
  'cognito-idp:DeleteIdentityProvider',
  'cognito-idp:CreateGroup',
  'cognito-idp:UpdateGroup',
  'cognito-idp:DeleteGroup',
  'cognito-identity:UpdateIdentityPool',
  'cognito-identity:DeleteIdentityPool',
  'cognito-identity:SetIdentityPoolRoles',
] as const;

interface PolicyDocument {
  Version?: string;
  Statement?: { Effect?: string; Action?: string | string[]; Resource?: string | string[] }[];
}

/** The actions the README's policy allows, in its order; throws with the reason when the block is missing or malformed. */
export function policyActions(readme: string): string[] {
  const at = readme.indexOf(POLICY_HEADING);
  if (at < 0) throw new Error(`README.md has no "${POLICY_HEADING}" section.`);
  const block = /```json\n([\s\S]*?)\n```/.exec(readme.slice(at));
  if (!block) throw new Error(`README.md's "${POLICY_HEADING}" section has no \`\`\`json block.`);
  let policy: PolicyDocument;
  try {
    policy = JSON.parse(block[1]!) as PolicyDocument;
  } catch (error) {
    throw new Error(`README.md's IAM policy is not valid JSON: ${(error as Error).message}`);
  }
  const actions = (policy.Statement ?? [])
    .filter((statement) => statement.Effect === 'Allow')
    .flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : statement.Action ? [statement.Action] : []));
  const wildcards = actions.filter((action) => action.includes('*'));
  if (wildcards.length > 0) throw new Error(`README.md's IAM policy must name each action, not ${wildcards.join(', ')}.`);
  return actions;
}

export interface PolicyCheck {
  /** called by the suite, missing from the policy: QA against AWS would fail with AccessDeniedException */
  missing: string[];
  /** in the policy, never called: more than the suite needs */
  unused: string[];
  /** called, and changes a pool for everyone */
  poolWide: string[];
}

export function checkPolicy(used: Iterable<string>, listed: readonly string[]): PolicyCheck {
  const calls = [...new Set(used)].sort();
  return {
    missing: calls.filter((action) => !listed.includes(action)),
    unused: listed.filter((action) => !calls.includes(action)),
    poolWide: calls.filter((action) => (POOL_WIDE_ACTIONS as readonly string[]).includes(action)),
  };
}
