import { readStored, STORAGE_KEYS } from "../storage/local-storage";

/** The store of the last table the guest opened, if any (set by loadTable). */
export function lastVisitedStoreId(): number | undefined {
  const stored = Number(readStored(STORAGE_KEYS.lastStoreId));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : undefined;
}
