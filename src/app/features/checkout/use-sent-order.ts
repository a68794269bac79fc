/**
 * One sent order on the cart screen, from Send to outcome: follows its live status
 * (useOrderStatus) and turns the outbox row, the placement's answer and the status into one
 * OrderStage.
 *
 * - A final status is recorded on the row at once (the outbox gives the lines of an order not made
 *   back to the cart); the outcome stays on screen, across reloads, until the guest taps Done.
 * - Leaving while the order is pending is logged by useOrderStatus (cart-screen-closed-while-pending).
 */
import { useCallback, useEffect, useState } from "react";
import { isPendingStatus, type OrderDto } from "../../../domain/orders-api";
import type { PendingOrderRow } from "../../db/app-db";
import { orderOutbox } from "../../orders/outbox/outbox";
import { useOrderStatus } from "../../orders/status/use-order-status";
import { useOnlineStatus } from "../shell/use-online-status";
import { latestStatusOf, type OrderStage, orderStageOf } from "./order-stage";

export interface SentOrder {
  stage: OrderStage;
  /** Ends an outcome the guest has read: the card goes. */
  dismiss: () => void;
  /** A held order the guest drops: it never reached the store, its lines go back to the cart. */
  cancelHeld: () => void;
}

export function useSentOrder(row: PendingOrderRow): SentOrder {
  const key = row.idempotencyKey;
  const [placed, setPlaced] = useState<OrderDto | null>(null);
  const online = useOnlineStatus();
  const followed = row.orderId !== null && row.ended === null ? { orderId: row.orderId, storeId: row.storeId } : null;
  const { event } = useOrderStatus(followed);

  useEffect(
    () =>
      orderOutbox().subscribe((outboxEvent) => {
        if (outboxEvent.kind === "placed" && outboxEvent.row.idempotencyKey === key) setPlaced(outboxEvent.order);
      }),
    [key],
  );

  const latest = row.ended === null ? latestStatusOf({ row, placed, event }) : null;
  const finalStatus = latest && !isPendingStatus(latest.status) ? latest : null;
  useEffect(() => {
    if (finalStatus === null) return;
    const { status, dailyNumber, errorMessage } = finalStatus;
    void orderOutbox()
      .end(key, { status, dailyNumber, errorMessage })
      .catch(() => undefined);
  }, [key, finalStatus]);

  const remove = useCallback(() => void orderOutbox().remove(key), [key]);
  const cancelHeld = useCallback(() => {
    if (row.onHold && row.orderId === null) remove();
  }, [row.onHold, row.orderId, remove]);

  return { stage: orderStageOf({ row, placed, event, online }), dismiss: remove, cancelHeld };
}
