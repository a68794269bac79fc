/**
 * What the waiters' PDAs know of the kitchen, shared by the kitchen tab's badge, the ready-to-carry
 * list and the printer alert: one feed (KitchenFeed) writes here. The last known lists stay when
 * the device goes offline (offlineSince says since when).
 */
import { useSyncExternalStore } from "react";
import type { PrinterStatusDto, TicketDto } from "../../../domain/kitchen-api";

export interface KitchenFeedState {
  storeId: number | null;
  /** The store's tickets made and not yet taken, oldest first; null until the first answer. */
  ready: TicketDto[] | null;
  printers: PrinterStatusDto[] | null;
  offlineSince: Date | null;
  /** The last refusal of the ready read (e.g. the session ended). */
  error: unknown;
  /** Reads again now (after a "taking it", or when an outbox entry was answered). */
  reload: () => Promise<void>;
}

const EMPTY: KitchenFeedState = {
  storeId: null,
  ready: null,
  printers: null,
  offlineSince: null,
  error: null,
  reload: async () => undefined,
};

let state: KitchenFeedState = EMPTY;
const listeners = new Set<() => void>();

export function publishKitchenFeed(next: KitchenFeedState): void {
  // Another store's lists never show under this one's (a terminal moved to another store).
  const sameStore = state.storeId === next.storeId;
  state = {
    ...next,
    ready: next.ready ?? (sameStore ? state.ready : null),
    printers: next.printers ?? (sameStore ? state.printers : null),
  };
  for (const listener of listeners) listener();
}

export function kitchenFeed(): KitchenFeedState {
  return state;
}

export function useKitchenFeed(): KitchenFeedState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    kitchenFeed,
    kitchenFeed,
  );
}

/** Tests start from nothing. */
export function resetKitchenFeed(): void {
  state = EMPTY;
  for (const listener of listeners) listener();
}
