/**
 * The orders a spot's cart has sent, live for the cart screen: every checkout in the outbox for
 * this store, service and spot (sending, waiting for a connection, on hold, placed and waiting for
 * the store, or ended and not yet read), oldest first, and the last refusal, whose row is gone but
 * must still be shown. Opening the cart resumes what a closed app left unsent.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState } from "react";
import { appDb, type PendingOrderRow } from "../../db/app-db";
import type { CartKey } from "../../db/cart-repository";
import { orderOutbox, startOrderOutbox } from "./outbox";

export interface OutboxRefusal {
  code: string;
  message: string;
}

export interface CartOrdersView {
  /** undefined while IndexedDB is read. */
  rows: PendingOrderRow[] | undefined;
  refusal: OutboxRefusal | null;
  dismissRefusal: () => void;
}

export function useCartOrders(cart: CartKey, spotId: number, onHeld?: () => void): CartOrdersView {
  const { storeId, serviceId } = cart;
  const rows = useLiveQuery(
    () =>
      appDb()
        .pendingOrders.where("[storeId+serviceId]")
        .equals([storeId, serviceId])
        .filter((row) => row.tableId === spotId)
        .sortBy("createdAt"),
    [storeId, serviceId, spotId],
  );
  const [refusal, setRefusal] = useState<OutboxRefusal | null>(null);

  useEffect(() => {
    // Idempotent: the app start may have started it already (checkouts of a closed tab).
    startOrderOutbox();
    const outbox = orderOutbox();
    const unsubscribe = outbox.subscribe((event) => {
      const { row } = event;
      if (row.storeId !== storeId || row.serviceId !== serviceId || row.tableId !== spotId) return;
      if (event.kind === "refused") setRefusal({ code: event.code, message: event.message });
      if (event.kind === "held") onHeld?.();
    });
    void outbox.resume().catch(() => undefined);
    return unsubscribe;
  }, [storeId, serviceId, spotId, onHeld]);

  const dismissRefusal = useCallback(() => setRefusal(null), []);
  return { rows, refusal, dismissRefusal };
}
