/**
 * The last bill a guest read at a spot, kept on the device: opened again without a connection
 * (beach Wi-Fi), the screen shows what the table owed "as of" that read instead of an error, and
 * offers no payment. Keyed by account and spot, so another guest signing in on the same phone never
 * sees it; a few of them at most, the newest kept.
 */
import type { Bill } from "../../../domain/bill-api";
import { readStored, STORAGE_KEYS, writeStored } from "../../storage/local-storage";

const MAX_KEPT = 6;

interface Kept {
  bill: Bill;
  /** When the device stored it (ISO), to keep the newest. */
  at: string;
}

function readAll(): Record<string, Kept> {
  try {
    const parsed = JSON.parse(readStored(STORAGE_KEYS.guestLastBills) ?? "{}") as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, Kept>) : {};
  } catch {
    return {};
  }
}

const keyOf = (userId: number, tableId: number) => `${userId}:${tableId}`;

export function lastBill(userId: number, tableId: number): Bill | null {
  const kept = readAll()[keyOf(userId, tableId)];
  return kept !== undefined && typeof kept.bill === "object" && kept.bill !== null ? kept.bill : null;
}

export function keepBill(userId: number, bill: Bill, now = new Date()): void {
  const all = { ...readAll(), [keyOf(userId, bill.tableId)]: { bill, at: now.toISOString() } };
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => b.at.localeCompare(a.at))
    .slice(0, MAX_KEPT);
  // A full or blocked storage keeps nothing: the bill is then simply not there offline.
  writeStored(STORAGE_KEYS.guestLastBills, JSON.stringify(Object.fromEntries(newest)));
}
