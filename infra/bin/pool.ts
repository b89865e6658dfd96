/**
 * The CDK app: `cdk synth` / `cdk deploy` run it (cdk.json). Context values
 * (`-c key=value`) set what differs per deployment (lib/settings.ts); without
 * them it describes the local test pool.
 */
import { App, Validations } from 'aws-cdk-lib';
// cdk-nag is CommonJS whose exports Node cannot list for an ES module: take them from its default export.
import cdkNag from 'cdk-nag';
import { PoolStack } from '../lib/poolStack.ts';
import { settingsFrom } from '../lib/settings.ts';

/** The stack's name, in the outputs file too. */
export const STACK_NAME = 'CustomerAreaPool';

export function poolApp(context: Record<string, string> = {}): { app: App; stack: PoolStack } {
  // No version report in the template: it would change with every CDK upgrade, and the template is committed.
  const app = new App({ analyticsReporting: false, context });
  const stack = new PoolStack(app, STACK_NAME, {
    settings: settingsFrom((key) => app.node.tryGetContext(key)),
    description: 'Customer area: the Cognito user pool, app client, hosted UI domain, providers and identity pool',
  });
  Validations.of(app).addPlugins(new cdkNag.AwsSolutionsChecks(app, { verbose: true }));
  return { app, stack };
}

if (import.meta.url === `file://${process.argv[1]}`) poolApp().app.synth();
