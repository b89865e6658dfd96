import { useActorRef, useSelector } from '@xstate/react';
import { createContext, use, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  authenticatorMachine,
  isPending,
  routeOf,
  type AuthenticatorMachine,
  type AuthenticatorSnapshot,
} from '../../machines/authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import { createAuthActors } from './actors.ts';

type AuthActor = ActorRefFrom<AuthenticatorMachine>;

const AuthActorContext = createContext<AuthActor | null>(null);

/** Starts the one authenticator actor of the app and shares it with every screen. */
export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  const [machine] = useState(() => authenticatorMachine.provide({ actors: createAuthActors(client) }));
  const actor = useActorRef(machine, { input: {} });
  return <AuthActorContext value={actor}>{children}</AuthActorContext>;
}

export function useAuthActor(): AuthActor {
  const actor = use(AuthActorContext);
  if (!actor) throw new Error('useAuthActor must be used inside <AuthProvider>.');
  return actor;
}

/** Subscribes to one slice of the machine's state. */
export function useAuth<T>(selector: (snapshot: AuthenticatorSnapshot) => T): T {
  return useSelector(useAuthActor(), selector);
}

export const useRoute = () => useAuth(routeOf);
export const usePending = () => useAuth(isPending);
