/**
 * The store's live orders as the PDA last read them, shared by the live
 * orders screen and the staff shell's badge: one feed (LiveOrdersFeed) writes here, and the last
 * known list stays when the device goes offline (offlineSince says since when). Orders that
 * arrive after the first read raise the new-order alert once each.
 */
import { useSyncExternalStore } from "react";
import type { OrderDto } from "../../../../domain/orders-api";
import { newOrderIds, pendingOldestFirst } from "../../../../domain/staff-live-orders";
import { alertNewOrders } from "./order-alert";

export interface LiveOrders {
  storeId: number | null;
  /** Pending orders, the oldest first; null until the first answer. */
  pending: OrderDto[] | null;
  offlineSince: Date | null;
  /** The last refusal of the read (e.g. the session ended). */
  error: unknown;
  /** Reads the list again now (after an action, or when an outbox entry was answered). */
  reload: () => Promise<void>;
}

const EMPTY: LiveOrders = {
  storeId: null,
  pending: null,
  offlineSince: null,
  error: null,
  reload: async () => undefined,
};

let state: LiveOrders = EMPTY;
/** Every order id seen in this store since the app started; null before the first answer (no alert for what was already waiting). */
let seen: Set<number> | null = null;
const listeners = new Set<() => void>();

export function publishLiveOrders(
  storeId: number,
  read: { orders: OrderDto[] | null; offlineSince: Date | null; error: unknown; reload: () => Promise<void> },
): void {
  if (state.storeId !== storeId) seen = null;
  const pending =
    read.orders === null ? (state.storeId === storeId ? state.pending : null) : pendingOldestFirst(read.orders);
  if (read.orders !== null && pending !== null) {
    if (seen === null) seen = new Set(pending.map((order) => order.id));
    else {
      const arrived = newOrderIds(seen, pending);
      for (const id of arrived) seen.add(id);
      alertNewOrders(arrived.length);
    }
  }
  state = { storeId, pending, offlineSince: read.offlineSince, error: read.error, reload: read.reload };
  for (const listener of listeners) listener();
}

export function liveOrders(): LiveOrders {
  return state;
}

export function useLiveOrders(): LiveOrders {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    liveOrders,
    liveOrders,
  );
}

/** Tests start from nothing. */
export function resetLiveOrders(): void {
  state = EMPTY;
  seen = null;
  for (const listener of listeners) listener();
}
