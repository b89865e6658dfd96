/**
 * Signing in and answering the pool's challenges (SRP, MFA, new passwords,
 * choice-based sign-in's first step), in a chunk of its own: nothing of it runs
 * before a sign-in starts, so it comes with the AWS SDK (the client's preload
 * once the form is idle, or the start-up script's at a press of the
 * prerendered card's "Sign in") rather than in the entry the form waits for.
 */
export { confirmSignIn } from './confirmSignIn.ts';
export { startEarly } from './earlyStart.ts';
export { signIn, userAuth } from './signIn.ts';
export { prepareEphemeral } from './srp/srp.ts';
