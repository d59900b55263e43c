import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A countdown from `from` seconds, one step each second (product §4: 120 … 0). `onZero` runs once
 * when it reaches 0. `reset` stops it and puts it back to `from`.
 */
export function useCountdown(from: number, onZero: () => void) {
  const [remaining, setRemaining] = useState(from);
  const [running, setRunning] = useState(false);
  const zero = useRef(onZero);
  zero.current = onZero;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((r) => Math.max(0, r - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (running && remaining === 0) {
      setRunning(false);
      zero.current();
    }
  }, [running, remaining]);

  const start = useCallback(() => {
    setRemaining(from);
    setRunning(true);
  }, [from]);
  const reset = useCallback(() => {
    setRunning(false);
    setRemaining(from);
  }, [from]);
  return { remaining, running, start, reset };
}
