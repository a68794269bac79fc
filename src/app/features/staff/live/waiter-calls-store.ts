/**
 * The store's unanswered waiter calls as the PDA last read them, shared by the live orders screen
 * (a card per call above the orders) and the staff shell's badge, as live-orders-store.ts shares
 * the orders: one feed (LiveOrdersFeed) writes here, the last known list stays offline, and a call
 * that arrives after the first read rings the new-order alert once (a guest waiting to pay is as
 * urgent as a new order).
 */
import { useSyncExternalStore } from "react";
import type { WaiterCall } from "../../../../domain/bill-api";
import { alertNewCalls } from "./order-alert";
import { unansweredOldestFirst } from "./staff-calls";

export interface LiveCalls {
  storeId: number | null;
  /** Unanswered calls, the oldest first; null until the first answer. */
  calls: WaiterCall[] | null;
  offlineSince: Date | null;
  error: unknown;
  reload: () => Promise<void>;
}

const EMPTY: LiveCalls = { storeId: null, calls: null, offlineSince: null, error: null, reload: async () => undefined };

let state: LiveCalls = EMPTY;
/** Every call id seen in this store since the app started; null before the first answer (what was waiting does not ring). */
let seen: Set<number> | null = null;
const listeners = new Set<() => void>();

export function publishWaiterCalls(
  storeId: number,
  read: { calls: WaiterCall[] | null; offlineSince: Date | null; error: unknown; reload: () => Promise<void> },
): void {
  if (state.storeId !== storeId) seen = null;
  const calls =
    read.calls === null ? (state.storeId === storeId ? state.calls : null) : unansweredOldestFirst(read.calls);
  if (read.calls !== null && calls !== null) {
    if (seen === null) seen = new Set(calls.map((call) => call.id));
    else {
      const arrived = calls.filter((call) => !seen?.has(call.id));
      for (const call of arrived) seen.add(call.id);
      alertNewCalls(arrived.length);
    }
  }
  state = { storeId, calls, offlineSince: read.offlineSince, error: read.error, reload: read.reload };
  for (const listener of listeners) listener();
}

export function liveCalls(): LiveCalls {
  return state;
}

export function useWaiterCalls(): LiveCalls {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    liveCalls,
    liveCalls,
  );
}

/** Tests start from nothing. */
export function resetWaiterCalls(): void {
  state = EMPTY;
  seen = null;
  for (const listener of listeners) listener();
}
