import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that ticks once a second and can be restarted. */
export function useCountdown(from: number) {
  const [seconds, setSeconds] = useState(from);
  const running = seconds > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const restart = useCallback(() => setSeconds(from), [from]);
  return { seconds, restart };
}

/** 125 -> '2:05' (docs/product.md §2: the resend countdown is shown as m:ss). */
export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
