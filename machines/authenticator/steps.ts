/**
 * The step table: which route each auth step of spec §4 leads to. A finished
 * step (DONE) is read as the "complete" state of the flow that produced it.
 * Adding a step means adding a row here, not a branch in the machine.
 */

export type Route = 'signIn' | 'signUp' | 'confirmSignUp' | 'authenticated';

export type Flow = 'signIn' | 'signUp' | 'confirmSignUp';

export type AuthStep = 'SIGN_IN_COMPLETE' | 'SIGN_UP_COMPLETE' | 'CONFIRM_SIGN_UP';

/** DONE from a flow means that flow's complete state. */
export const completeStepOf: Record<Flow, AuthStep> = {
  signIn: 'SIGN_IN_COMPLETE',
  signUp: 'SIGN_UP_COMPLETE',
  confirmSignUp: 'SIGN_UP_COMPLETE',
};

export const routeOfStep: Record<AuthStep, Route> = {
  SIGN_IN_COMPLETE: 'authenticated',
  // A confirmed account signs in with the password the customer just chose.
  SIGN_UP_COMPLETE: 'signIn',
  CONFIRM_SIGN_UP: 'confirmSignUp',
};

/** The step an actor's output stands for. */
export function stepOf(flow: Flow, output: { step: string }): AuthStep | undefined {
  if (output.step === 'DONE') return completeStepOf[flow];
  return output.step in routeOfStep ? (output.step as AuthStep) : undefined;
}
