/**
 * The shapes of a limit, apart from both the numbers (./limits.ts) and the table that enforces
 * them (./throttle.ts), so that each of those two can use the other's side without importing it.
 */

/** At most `max` events in any `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * An escalating delay instead of a hard lock: `freeEvents` in `windowMs` go through at once; each
 * one beyond waits for a gap after the newest event that doubles from `firstDelayMs` up to
 * `maxDelayMs`. Nobody is locked out for long, and a guesser gets only a trickle.
 */
export interface EscalatingDelay {
  windowMs: number;
  freeEvents: number;
  firstDelayMs: number;
  maxDelayMs: number;
}
