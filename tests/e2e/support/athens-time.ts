/**
 * The one edge these tests fake: the wall clock. The app takes "now" from GET /api/utils/date
 * (spec §7); answering it with a chosen instant puts the guest inside (or outside) a service's
 * hours. Everything else (server, database, service worker, IndexedDB) is real.
 */
import type { Page } from "@playwright/test";

/** Summer instants, Athens = UTC+3. */
export const ATHENS = {
  "09:30": "2026-07-15T06:30:00Z",
  "12:00": "2026-07-15T09:00:00Z",
  "14:00": "2026-07-15T11:00:00Z",
  "17:30": "2026-07-15T14:30:00Z",
  "21:30": "2026-07-15T18:30:00Z",
} as const;

export async function atAthensTime(page: Page, time: keyof typeof ATHENS): Promise<void> {
  await page.route("**/api/utils/date", (route) => route.fulfill({ json: { date: ATHENS[time] } }));
}
