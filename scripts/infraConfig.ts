/**
 * `npm run infra:config -- <outputs-file> [config.json]`: the app's config.json
 * from the pool stack's outputs, as `cdk deploy --outputs-file` writes them
 * (docs/deploy.md, "The pool as code"). Prints it when no file is named.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** The stack's name in the outputs file (infra/bin/pool.ts). */
export const STACK_NAME = 'CustomerAreaPool';

/** The app's names for the pool's providers (src/config/config.ts). */
const PROVIDER_IDS: Record<string, string> = {
  Google: 'google',
  Facebook: 'facebook',
  LoginWithAmazon: 'amazon',
  SignInWithApple: 'apple',
};

const list = (value: string | undefined) => (value ?? '').split(',').filter(Boolean);

/** config.json's keys from the stack's outputs; a missing output is an error naming it. */
export function configFromOutputs(outputs: Record<string, Record<string, string> | undefined>): Record<string, unknown> {
  const stack = outputs[STACK_NAME];
  if (!stack) throw new Error(`The outputs file has no stack ${STACK_NAME}: was it written by cdk deploy --outputs-file in infra/?`);
  const output = (name: string) => {
    const value = stack[name];
    if (value === undefined) throw new Error(`The outputs of ${STACK_NAME} have no ${name}: deploy the stack of this version of infra/.`);
    return value;
  };
  const socialProviders = list(output('SocialProviders')).map((name) => {
    const id = PROVIDER_IDS[name];
    if (!id) throw new Error(`The outputs name a provider the app has no button for: ${name}.`);
    return id;
  });
  return {
    region: output('Region'),
    userPoolId: output('UserPoolId'),
    userPoolClientId: output('UserPoolClientId'),
    identityPoolId: output('IdentityPoolId'),
    allowGuestAccess: output('AllowGuestAccess') === 'true',
    firstFactors: list(output('FirstFactors')),
    refreshTokenValidityDays: Number(output('RefreshTokenValidityDays')),
    socialProviders,
    oauth: {
      domain: output('HostedUiDomain'),
      scopes: list(output('OAuthScopes')),
      redirectSignIn: list(output('RedirectSignIn')),
      redirectSignOut: list(output('RedirectSignOut')),
      responseType: 'code',
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [outputsFile, configFile] = process.argv.slice(2);
  if (!outputsFile) {
    console.error('Usage: npm run infra:config -- <cdk outputs file> [config.json]');
    process.exit(2);
  }
  try {
    const config = `${JSON.stringify(configFromOutputs(JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>), null, 2)}\n`;
    if (configFile) {
      writeFileSync(configFile, config);
      console.log(`Wrote ${configFile} from ${outputsFile}.`);
    } else process.stdout.write(config);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
