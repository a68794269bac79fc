/**
 * The rules of an open menu that follows its store's catalogue (use-live-catalogue.ts): which
 * event asks for a new read, how long a read waits (jitter), how often the menu is polled while
 * the stream is down.
 */
import type { CatalogueChangedEvent } from "../../../domain/catalogue-events";

/** While the stream is down, the menu is read again this often. */
export const LIVE_MENU_POLL_MS = 30_000;

/** A read waits up to this long, so a thousand phones told at once do not all read in the same instant. */
export const MENU_READ_JITTER_MS = 400;

export function readDelayMs(random: () => number = Math.random): number {
  return Math.floor(random() * MENU_READ_JITTER_MS);
}

/**
 * The version an event announces when it is newer than `seen` (then the menu is read again), or
 * null: another store's event, one already seen (a replay, a second process), or not an event.
 */
export function newerCatalogueVersion(seen: number | null, storeId: number, event: unknown): number | null {
  if (typeof event !== "object" || event === null) return null;
  const { storeId: of, catalogueVersion } = event as Partial<CatalogueChangedEvent>;
  if (of !== storeId || typeof catalogueVersion !== "number" || !Number.isInteger(catalogueVersion)) return null;
  return seen === null || catalogueVersion > seen ? catalogueVersion : null;
}
