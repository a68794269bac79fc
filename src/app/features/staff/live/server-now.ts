/**
 * "Now" as the server counts it, for the countdowns of the live orders: the acceptance deadline is
 * the server's, and a PDA's clock may be minutes off (or, in the e2e suite, months: the server's
 * clock is set to a summer day). GET /api/utils/date is read once and kept as an offset from the
 * device clock; without an answer the device clock is used. (The app clock, clock/app-clock.ts,
 * keeps the same offset but ticks per minute and needs Temporal; a countdown needs seconds only.)
 */
import { useEffect, useState } from "react";
import { fetchServerDate } from "../../../api/requests";

let offsetMs = 0;
let synced = false;

export function serverNowMs(): number {
  return Date.now() + offsetMs;
}

async function syncServerNow(): Promise<void> {
  if (synced) return;
  synced = true;
  try {
    const iso = await fetchServerDate();
    const parsed = Date.parse(iso);
    if (Number.isFinite(parsed)) offsetMs = parsed - Date.now();
  } catch {
    synced = false; // tried again by the next screen that asks (e.g. back online)
  }
}

/** The server's "now", re-rendering every `intervalMs`. */
export function useServerNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(serverNowMs);
  useEffect(() => {
    void syncServerNow().then(() => setNow(serverNowMs()));
    const timer = setInterval(() => setNow(serverNowMs()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
