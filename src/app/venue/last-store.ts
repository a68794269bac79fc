import { readStored, STORAGE_KEYS } from "../storage/local-storage";

/** The store of the last table the guest opened, if any (set by loadTable). */
export function lastVisitedStoreId(): number | undefined {
  return storedId(STORAGE_KEYS.lastStoreId);
}

/** The last table (spot) the guest opened, if any (set by loadTable): where "back" goes. */
export function lastVisitedTableId(): number | undefined {
  return storedId(STORAGE_KEYS.lastTableId);
}

function storedId(key: typeof STORAGE_KEYS.lastStoreId | typeof STORAGE_KEYS.lastTableId): number | undefined {
  const stored = Number(readStored(key));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : undefined;
}
