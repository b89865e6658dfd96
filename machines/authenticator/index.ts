export { eventDescriptions, screenEvents } from './events.ts';
export { authenticatorMachine, UNKNOWN_ERROR, type AuthenticatorMachine, type AuthenticatorSnapshot } from './machine.ts';
export { hasScreen, isPending, NO_SCREEN_ROUTES, routeOf, SCREEN_ROUTES, type Route, type ScreenRoute } from './routes.ts';
export { AUTH_STEPS, type AuthStep, type StepAnswer } from './authSteps.ts';
export * from './types.ts';
export { redactSecrets } from './redact.ts';
export * as validation from './validation.ts';
