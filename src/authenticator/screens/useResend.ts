import { useEffect, useRef, useState } from 'react';
import type { Subscription } from 'xstate';
import { isPending } from '../../../machines/authenticator/index.ts';
import { useAuthActor } from '../AuthProvider.tsx';

/** How long "Resend Code" waits after a code was sent again, so a second press cannot bury the first code. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Where a resend stands: none sent (never pressed, on its way, or refused), or sent (the button waits until `until`). */
type ResendPhase = { kind: 'ready' } | { kind: 'sent'; until: number };

export interface Resend {
  /** asks the machine for a new code */
  send: () => void;
  /** a new code went out (the screen says where) */
  sent: boolean;
  /** seconds left before another code may be asked for; 0 when it may */
  secondsLeft: number;
}

/**
 * "Resend Code" with an answer: once the machine has sent the new code without an error, the screen says where
 * it went, and the button waits out a short cool-down with its seconds shown. The machine knows nothing of the
 * cool-down; it is this screen's courtesy, not a rule of the pool.
 */
export function useResend(): Resend {
  const actor = useAuthActor();
  const [phase, setPhase] = useState<ResendPhase>({ kind: 'ready' });
  const [now, setNow] = useState(() => Date.now());
  const request = useRef<Subscription | undefined>(undefined);
  useEffect(() => () => request.current?.unsubscribe(), []);

  /**
   * Follows the request on the actor itself, not on what the screens draw: a pool that answers within the wait's
   * delay (snapshotView.ts) is never drawn waiting. Its end is the first state that no longer waits; an error leaves
   * the button ready (the card shows the error).
   */
  const follow = () => {
    request.current?.unsubscribe();
    if (!isPending(actor.getSnapshot())) return;
    const subscription = actor.subscribe((snapshot) => {
      if (isPending(snapshot)) return;
      subscription.unsubscribe();
      request.current = undefined;
      if (snapshot.context.error) return setPhase({ kind: 'ready' });
      const start = Date.now();
      setNow(start);
      setPhase({ kind: 'sent', until: start + RESEND_COOLDOWN_SECONDS * 1000 });
    });
    request.current = subscription;
  };

  // The countdown ticks once a second while it runs.
  const until = phase.kind === 'sent' ? phase.until : 0;
  useEffect(() => {
    if (until === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const secondsLeft = until === 0 ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return {
    send: () => {
      setPhase({ kind: 'ready' });
      actor.send({ type: 'RESEND' });
      follow();
    },
    sent: phase.kind === 'sent',
    secondsLeft,
  };
}
