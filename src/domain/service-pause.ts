/**
 * A service paused now by the venue ("kitchen closed for 30 minutes"): like "closed now", for a
 * while or until someone resumes it, with a reason guests read.
 *
 * Rules:
 * - A pause is active from its start until `until` (exclusive); `until` null: until resumed.
 * - It ends by itself when its time passes: every reader compares with its own now, so no job
 *   clears it (a resumed service has no pause at all).
 * - While active, guests cannot send orders to the service, from any spot, now or scheduled:
 *   the venue has stopped taking them; the menu can still be browsed.
 * - A pause lasts 5 to 720 minutes (12 hours) or until resumed; its reason is at most 140
 *   characters, as the waiter typed it (one language: guests read it as written).
 */

export const PAUSE_MINUTES_MIN = 5;
export const PAUSE_MINUTES_MAX = 720;
export const PAUSE_REASON_MAX = 140;

/** A service's pause as the API gives it (ISO 8601 instants). */
export interface ServicePause {
  since: string;
  /** null: until someone resumes it. */
  until: string | null;
  reason: string;
}

/** Whether `pause` holds at `nowMs` (epoch milliseconds); no pause, or one whose time has passed, does not. */
export function isPausedAt(pause: ServicePause | null | undefined, nowMs: number): boolean {
  if (pause == null) return false;
  return pause.until === null || nowMs < Date.parse(pause.until);
}

/** When a pause of `minutes` made at `now` ends (ISO); null minutes: until resumed. */
export function pauseEnd(now: Date, minutes: number | null): string | null {
  return minutes === null ? null : new Date(now.getTime() + minutes * 60_000).toISOString();
}
