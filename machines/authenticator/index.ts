export { authenticatorMachine, type AuthenticatorMachine, type AuthenticatorSnapshot } from './machine.ts';
export { isPending, routeOf, type Route } from './routes.ts';
export * from './types.ts';
export * as validation from './validation.ts';
