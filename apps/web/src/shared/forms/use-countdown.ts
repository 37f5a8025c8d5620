import { useEffect, useState } from 'react';

/** The wait before another emailed code may be asked for, when the answer gives none. */
export const DEFAULT_RESEND_SECONDS = 60;

/** Whole seconds left, ticking down once a second to 0 (an emailed code's resend wait). */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: (seconds: number) => setRemaining(Math.max(0, Math.ceil(seconds))) };
}
