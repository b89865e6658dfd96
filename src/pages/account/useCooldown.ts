import { useEffect, useState } from 'react';

/** How long "Resend code" waits after a code was sent, as on the sign-in card. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** A short wait after an action: `start` begins it; `secondsLeft` counts down to 0, once a second. */
export function useCooldown(seconds = RESEND_COOLDOWN_SECONDS): { secondsLeft: number; start: () => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === 0) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) setUntil(0);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return {
    secondsLeft: until === 0 ? 0 : Math.max(0, Math.ceil((until - now) / 1000)),
    start: () => {
      const time = Date.now();
      setNow(time);
      setUntil(time + seconds * 1000);
    },
  };
}
