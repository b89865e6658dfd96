import { useEffect, useRef, useState } from 'react';
import { useAuth, useAuthActor, usePending } from '../AuthProvider.tsx';

/** How long "Resend Code" waits after a code was sent again, so a second press cannot bury the first code. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Where a resend stands: never pressed, on its way, or sent (and the button waits until `until`). */
type ResendPhase = { kind: 'ready' } | { kind: 'sending'; seenPending: boolean } | { kind: 'sent'; until: number };

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
  const pending = usePending();
  const failed = useAuth((s) => s.context.error !== undefined);
  const [phase, setPhase] = useState<ResendPhase>({ kind: 'ready' });
  const [now, setNow] = useState(() => Date.now());
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  // The request's end: seen pending, then not. An error leaves the button ready (the card shows the error).
  useEffect(() => {
    const current = phaseRef.current;
    if (current.kind !== 'sending') return;
    if (pending) {
      if (!current.seenPending) setPhase({ kind: 'sending', seenPending: true });
      return;
    }
    if (!current.seenPending) return;
    if (failed) setPhase({ kind: 'ready' });
    else {
      const start = Date.now();
      setNow(start);
      setPhase({ kind: 'sent', until: start + RESEND_COOLDOWN_SECONDS * 1000 });
    }
  }, [pending, failed]);

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
      setPhase({ kind: 'sending', seenPending: false });
      actor.send({ type: 'RESEND' });
    },
    sent: phase.kind === 'sent',
    secondsLeft,
  };
}
