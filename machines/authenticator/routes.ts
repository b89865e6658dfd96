import type { AuthenticatorSnapshot } from './machine.ts';

/**
 * What the screens read of a snapshot: where the machine is, its context, and its tags. A machine's snapshot is
 * one; so is the state the screens start from while the machine's code is on its way
 * (beforeLoad.ts), which is why they read no more than this.
 */
export type AuthState = Pick<AuthenticatorSnapshot, 'value' | 'context' | 'hasTag'>;

/** Every top-level state of the machine is a route. */
export type Route = AuthenticatorSnapshot['value'] extends infer V ? (V extends string ? V : keyof V) : never;

/** Routes a visitor sees a screen for (spec §4). */
export const SCREEN_ROUTES = [
  'signIn',
  'signUp',
  'confirmSignUp',
  'confirmSignIn',
  'selectFactor',
  'passkey',
  'setupTotp',
  'forceNewPassword',
  'forgotPassword',
  'confirmResetPassword',
  'verifyUser',
  'confirmVerifyUser',
] as const satisfies readonly Route[];

/** Routes without a screen: the dashboard, or a moment with nothing to show. */
export const NO_SCREEN_ROUTES = ['authenticated', 'idle', 'setup', 'signOut', 'transition'] as const satisfies readonly Route[];

export type ScreenRoute = (typeof SCREEN_ROUTES)[number];

/**
 * The screens shown to a customer who is signed in already: the offer to verify an e-mail or phone, and its code,
 * that follow some sign-ins (the machine declares them `signedIn`: a session ended elsewhere ends them; machine.test.ts
 * checks the two agree).
 */
export const SIGNED_IN_SCREEN_ROUTES = ['verifyUser', 'confirmVerifyUser'] as const satisfies readonly ScreenRoute[];

export const isSignedInScreen = (route: Route): boolean => (SIGNED_IN_SCREEN_ROUTES as readonly Route[]).includes(route);

export const hasScreen = (route: Route): route is ScreenRoute => (SCREEN_ROUTES as readonly Route[]).includes(route);

/** The route is read from the state, never stored twice. */
export function routeOf(snapshot: Pick<AuthState, 'value'>): Route {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as Route;
}

/** True while a screen's actor is running: every button waits. */
export function isPending(snapshot: Pick<AuthState, 'hasTag'>): boolean {
  return snapshot.hasTag('pending');
}

type Assert<T extends true> = T;
/** Compile-time check: every route is either a screen or one of the routes without one. */
export type EveryRouteClassified = Assert<[Exclude<Route, ScreenRoute | (typeof NO_SCREEN_ROUTES)[number]>] extends [never] ? true : false>;
