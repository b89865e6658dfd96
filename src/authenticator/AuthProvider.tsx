import { useActorRef, useSelector } from '@xstate/react';
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  authenticatorMachine,
  isPending,
  routeOf,
  type AuthenticatorInput,
  type AuthenticatorMachine,
  type AuthenticatorSnapshot,
} from '../../machines/authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import { createAuthActors, machineEventOf } from './actors.ts';

type AuthActor = ActorRefFrom<AuthenticatorMachine>;

const AuthActorContext = createContext<AuthActor | null>(null);

/**
 * Starts the one authenticator actor of the app and shares it with every
 * screen. It sends INIT once mounted (the machine reads the stored session
 * then), and passes the client's session events on: a sign-in or sign-out in
 * another tab, and a token refresh that failed.
 */
export function AuthProvider({ client, options, children }: { client: AuthClient; options?: AuthenticatorInput; children: ReactNode }) {
  const [machine] = useState(() => authenticatorMachine.provide({ actors: createAuthActors(client) }));
  const actor = useActorRef(machine, { input: options ?? {} });
  useEffect(() => {
    actor.send({ type: 'INIT' });
  }, [actor]);
  useEffect(
    () =>
      client.onSessionEvent((event) => {
        const machineEvent = machineEventOf(event);
        if (machineEvent) actor.send(machineEvent);
      }),
    [client, actor],
  );
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
