/**
 * React access to "now" in Athens: the app's clock (loaded with the live rules, see
 * features/menu/live-rules.ts), or a fixed one that a test or a preview puts in ClockContext.
 */
import { createContext, useContext, useSyncExternalStore } from "react";
import { useLiveRules } from "../features/menu/use-live-rules";
import type { AthensClock } from "./athens-clock";
import type { AthensNow } from "./athens-now";

/** null: the app's own clock. */
export const ClockContext = createContext<AthensClock | null>(null);

const NO_CLOCK_YET: AthensClock = { subscribe: () => () => undefined, getSnapshot: () => null };

/**
 * The instant a server-rendered page was rendered at (ssr/): the "now" of its HTML, so the app's
 * hydration decides open, closed and happy hour as the server did, and the page keeps showing it
 * until the app's own clock knows the time; from then on the clock's minute, which corrects it.
 */
let pageInstant: AthensNow | null = null;

export function setPageInstant(now: AthensNow): void {
  pageInstant = now;
}

/** The current Athens time, re-rendering each minute; null until the clock knows (see athens-clock.ts). */
export function useAthensNow(): AthensNow | null {
  const fixed = useContext(ClockContext);
  const live = useLiveRules();
  const clock = fixed ?? live?.appClock ?? NO_CLOCK_YET;
  const now = useSyncExternalStore(clock.subscribe, clock.getSnapshot, () => pageInstant ?? clock.getSnapshot());
  return now ?? pageInstant;
}
