import type { AuthenticatorSnapshot } from './machine.ts';

/** Every top-level state of the machine is a route. */
export type Route = AuthenticatorSnapshot['value'] extends infer V ? (V extends string ? V : keyof V) : never;

/** The route is read from the state, never stored twice. */
export function routeOf(snapshot: AuthenticatorSnapshot): Route {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as Route;
}

/** True while the route's actor is running: every button waits. */
export function isPending(snapshot: AuthenticatorSnapshot): boolean {
  const value = snapshot.value;
  return typeof value === 'object' && Object.values(value).includes('pending');
}
