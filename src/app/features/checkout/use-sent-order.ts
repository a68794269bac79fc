/**
 * One sent order on the cart screen, from Send to outcome: follows its live status
 * (useOrderStatus) and turns the outbox row (which keeps the placement's answer) and the status
 * into one OrderStage.
 *
 * - A final status is recorded on the row at once (the outbox gives the lines of an order not made
 *   back to the cart); the outcome stays on screen, across reloads, until the guest taps Done.
 * - Where the store shows preparation, an accepted order is followed on (also after a reload) while
 *   it is being prepared or ready, until it is on its way.
 * - Leaving while the order is pending is logged by useOrderStatus (cart-screen-closed-while-pending).
 */
import { useCallback, useEffect } from "react";
import { isPendingStatus } from "../../../domain/order-constants";
import { isLastWord } from "../../../domain/order-status-message";
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
  const online = useOnlineStatus();
  // An accepted order still being prepared is followed on: its guest is told when it is on its way.
  const following = row.ended === null || (row.ended.status !== "EXPIRED" && !isLastWord(row.ended));
  const followed = row.orderId !== null && following ? { orderId: row.orderId, storeId: row.storeId } : null;
  const { event } = useOrderStatus(followed);

  const latest = row.ended === null ? latestStatusOf({ row, event }) : null;
  const finalStatus = latest && !isPendingStatus(latest.status) ? latest : null;
  useEffect(() => {
    if (finalStatus === null) return;
    void orderOutbox()
      .end(key, finalStatus)
      .catch(() => undefined);
  }, [key, finalStatus]);

  // An outcome tapped away before its end was recorded is recorded first: its lines must not be lost.
  const dismiss = () =>
    void (async () => {
      const outbox = orderOutbox();
      if (finalStatus) await outbox.end(key, finalStatus);
      await outbox.remove(key);
    })().catch(() => undefined);
  const cancelHeld = useCallback(() => {
    if (row.onHold && row.orderId === null) void orderOutbox().remove(key);
  }, [row.onHold, row.orderId, key]);

  return { stage: orderStageOf({ row, event, online }), dismiss, cancelHeld };
}
