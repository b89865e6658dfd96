import { createContext, use, type ReactNode } from 'react';
import type { SessionApi } from './types.ts';

const SessionContext = createContext<SessionApi | null>(null);

/** Gives the pages below the session API; the composition root provides it around the dashboard. */
export function SessionProvider({ api, children }: { api: SessionApi; children: ReactNode }) {
  return <SessionContext value={api}>{children}</SessionContext>;
}

export function useSession(): SessionApi {
  const api = use(SessionContext);
  if (!api) throw new Error('useSession must be used inside <SessionProvider> (the dashboard provides one).');
  return api;
}
