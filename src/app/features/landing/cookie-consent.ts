/**
 * Cookie notice rules (spec §2 and §9): only on the landing page, it appears 1 s after the page
 * opens and accepts itself 4 s after it appeared, or at once on a click; once accepted it is never
 * shown again. The app stores only what it needs to work (see the cookies policy), so the notice
 * informs rather than asks.
 */
import { readStored, STORAGE_KEYS, writeStored } from "../../storage/local-storage";

export const COOKIE_NOTICE_DELAY_MS = 1_000;
export const COOKIE_AUTO_ACCEPT_MS = 4_000;

export function cookiesAccepted(): boolean {
  return readStored(STORAGE_KEYS.acceptedCookies) === "true";
}

export function acceptCookies(): void {
  writeStored(STORAGE_KEYS.acceptedCookies, "true");
}
