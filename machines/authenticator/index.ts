export { eventDescriptions, screenEvents } from './events.ts';
export { authenticatorMachine, UNKNOWN_ERROR, type AuthenticatorMachine, type AuthenticatorSnapshot } from './machine.ts';
export { idleState, signedOutState } from './beforeLoad.ts';
export { hasScreen, isPending, NO_SCREEN_ROUTES, routeOf, SCREEN_ROUTES, type AuthState, type Route, type ScreenRoute } from './routes.ts';
/** Conditions on the context the screens may read too (e.g. whether a new code can be sent), as the machine's guards do. */
export { stepConditions } from './steps.ts';
export { AUTH_STEPS, type AuthStep, type StepAnswer } from './authSteps.ts';
export * from './types.ts';
export { redactSecrets } from './redact.ts';
export * as validation from './validation.ts';
