/**
 * The path the sign-in gate (AppRoutes) decides on: the page's address as it
 * was opened, until the router exists, then the router's location, followed
 * for as long as the page lives (the router reads the Back button even while
 * the gate shows the card in its place). Before the router nothing in the app
 * navigates, except the hosted UI's return, which leaves the customer on the
 * gate's side of it: the card stays until the router takes over, as before.
 *
 * In the entry, and tiny: the router's chunk reports to it (RouterRoot.tsx).
 */
let path = globalThis.location?.pathname ?? '/';
const listeners = new Set<() => void>();

export const gatePath = {
  get: (): string => path,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The router's location now (called by the router's chunk only). */
  follow: (next: string): void => {
    if (next === path) return;
    path = next;
    for (const listener of listeners) listener();
  },
};
