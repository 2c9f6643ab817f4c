import { useCallback, useEffect, useState } from "react";
import { usePageVisible } from "./usePageVisible";

const secondsTo = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Seconds left until a deadline `initialSeconds` after the page first runs. It reads the clock on
 * every tick, so it is right again the moment a hidden tab comes back, and it ticks once a second
 * only while `active` and the page is visible. The server and the first render both show
 * `initialSeconds`. `reset(seconds)` moves the deadline (to a real expiry from the provider).
 */
export function useCountdown(initialSeconds: number, active: boolean): { secondsLeft: number; reset: (seconds: number) => void } {
  const [start] = useState(() => Math.max(0, Math.floor(initialSeconds)));
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(start);
  const visible = usePageVisible();

  // The deadline is fixed once, in the browser, when the page starts.
  useEffect(() => setDeadline((d) => d ?? Date.now() + start * 1000), [start]);

  useEffect(() => {
    if (!active || !visible || deadline === null) return;
    const tick = () => setSecondsLeft(secondsTo(deadline));
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [active, visible, deadline]);

  const reset = useCallback((seconds: number) => {
    const next = Date.now() + Math.max(0, Math.floor(seconds)) * 1000;
    setDeadline(next);
    setSecondsLeft(secondsTo(next));
  }, []);

  return { secondsLeft, reset };
}
