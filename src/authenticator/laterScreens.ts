/**
 * The screens after the first one load on their own: the sign-in screen is all a visitor needs to start,
 * and the JS before it is interactive has a budget (scripts/vite/budget.ts). The Authenticator asks for
 * them as soon as the browser is idle after the first screen, so they are there by the time a customer
 * submits; a screen wanted before then waits for them behind the card's spinner. A failed load (offline)
 * is forgotten, so the card's "Try again" fetches them afresh.
 */
import { loadShownPart } from '../i18n/index.ts';
import { useSyncExternalStore } from 'react';
import type * as later from './screens/later.ts';
import { retryable } from '../chunks/retryable.ts';

export type LaterScreens = typeof later;

type State = { status: 'idle' | 'loading' } | { status: 'loaded'; screens: LaterScreens } | { status: 'failed'; error: unknown };

const importScreens = retryable(() => import('./screens/later.ts'));
let state: State = { status: 'idle' };
let pending: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts loading the later screens unless they are loaded or on their way; resolves when they are there. */
export function loadLaterScreens(): Promise<void> {
  if (state.status === 'loaded') return Promise.resolve();
  if (state.status !== 'loading') {
    set({ status: 'loading' });
    // Their words (the catalogue's `screens` part) arrive beside them.
    pending = Promise.all([importScreens(), loadShownPart('screens')]).then(
      ([screens]) => set({ status: 'loaded', screens }),
      (error: unknown) => set({ status: 'failed', error }),
    );
  }
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Where the later screens are; a component that needs them re-renders when that changes. */
export const useLaterScreens = (): State => useSyncExternalStore(subscribe, () => state);
