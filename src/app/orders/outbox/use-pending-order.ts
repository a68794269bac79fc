/**
 * The cart's checkout in the outbox, live for the cart screen: the stored row (sending, waiting
 * for a connection, on hold, or answered with an order id), the order the server answered, and
 * the last definite "no" or give-up, which removed the row but must still be shown. Opening the
 * cart resumes its unanswered checkout (after a reload or a closed app).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState } from "react";
import type { OrderDto } from "../../../domain/orders-api";
import { appDb, type PendingOrderRow } from "../../db/app-db";
import { orderOutbox, startOrderOutbox } from "./outbox";

export type OutboxNotice = { kind: "refused"; code: string; message: string } | { kind: "expired" };

export interface PendingOrderView {
  /** undefined while IndexedDB is read; null when this cart has no checkout in the outbox. */
  row: PendingOrderRow | null | undefined;
  /** The 201 answer of this visit, for its first status and daily number. */
  placed: OrderDto | null;
  notice: OutboxNotice | null;
  dismissNotice: () => void;
}

export function usePendingOrder(cart: { storeId: number; serviceId: number }, onHeld?: () => void): PendingOrderView {
  const { storeId, serviceId } = cart;
  const row = useLiveQuery(
    async () => (await appDb().pendingOrders.where("[storeId+serviceId]").equals([storeId, serviceId]).first()) ?? null,
    [storeId, serviceId],
  );
  const [placed, setPlaced] = useState<OrderDto | null>(null);
  const [notice, setNotice] = useState<OutboxNotice | null>(null);

  useEffect(() => {
    // Idempotent: the app start may have started it already (checkouts of a closed tab).
    startOrderOutbox();
    const outbox = orderOutbox();
    const unsubscribe = outbox.subscribe((event) => {
      if (event.row.storeId !== storeId || event.row.serviceId !== serviceId) return;
      if (event.kind === "placed") setPlaced(event.order);
      if (event.kind === "refused") setNotice({ kind: "refused", code: event.code, message: event.message });
      if (event.kind === "expired") setNotice({ kind: "expired" });
      if (event.kind === "held") onHeld?.();
    });
    void outbox.resume({ storeId, serviceId }).catch(() => undefined);
    return unsubscribe;
  }, [storeId, serviceId, onHeld]);

  const dismissNotice = useCallback(() => setNotice(null), []);
  return { row, placed, notice, dismissNotice };
}
