import { useEffect, useState } from "react";

/**
 * The seconds left of a wait that began when `wait` was given (a new object starts it again),
 * ticking once a second; null without a wait.
 */
export function useSecondsLeft(wait: { seconds: number } | null): number | null {
  const [left, setLeft] = useState<{ of: { seconds: number }; seconds: number } | null>(null);

  useEffect(() => {
    if (wait === null) return;
    const endsAt = Date.now() + wait.seconds * 1000;
    const tick = () => setLeft({ of: wait, seconds: Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)) });
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [wait]);

  if (wait === null) return null;
  // Until the first tick (and right after a new wait), the whole wait.
  return left?.of === wait ? left.seconds : wait.seconds;
}
