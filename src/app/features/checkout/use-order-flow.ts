/**
 * The cart screen's order, from Send to outcome: queues the checkout in the outbox and sends it,
 * follows the order's live status (useOrderStatus), and turns it all into one OrderStage.
 *
 * - While a checkout is in the outbox (sending, offline, on hold, or placed and pending) the form
 *   is locked: one checkout per cart at a time.
 * - A final status ends the outbox's job: the row goes, the outcome stays on screen until the
 *   guest taps Done. ACCEPTED clears the cart (issue 5: "the cart cleared once an order is
 *   accepted"); every other outcome keeps it so the guest can change it and send again.
 * - A refusal (4xx) never reached "placed": its error is shown above the form, the cart stays.
 * - Leaving while the order is pending is logged by useOrderStatus (cart-screen-closed-while-pending).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { clearCart } from "../../../domain/cart";
import type { PlaceOrderRequest } from "../../../domain/orders-api";
import { appDb } from "../../db/app-db";
import { type CartKey, changeCart } from "../../db/cart-repository";
import { orderOutbox } from "../../orders/outbox/outbox";
import { type OutboxNotice, usePendingOrder } from "../../orders/outbox/use-pending-order";
import { useOrderStatus } from "../../orders/status/use-order-status";
import { openEntrance } from "../entrance/entrance-store";
import { useOnlineStatus } from "../shell/use-online-status";
import { FINAL_STAGES, type OrderStage, orderStageOf } from "./order-stage";

export interface OrderFlow {
  /** null: no order under way (the form shows). undefined: still reading the outbox. */
  stage: OrderStage | null | undefined;
  /** The last refusal, shown above the form. */
  refusal: Extract<OutboxNotice, { kind: "refused" }> | null;
  send: (request: PlaceOrderRequest, spot: { tableId: number }) => Promise<void>;
  dismiss: () => void;
  signIn: () => void;
  cancelHeld: () => void;
}

const isFinal = (stage: OrderStage | null | undefined) =>
  stage != null && (FINAL_STAGES as readonly string[]).includes(stage.kind);

const openHeldEntrance = () => openEntrance({ orderOnHold: true });

export function useOrderFlow(cart: CartKey): OrderFlow {
  const { storeId, serviceId } = cart;
  const { row, placed, notice, dismissNotice } = usePendingOrder(cart, openHeldEntrance);
  const online = useOnlineStatus();
  const followed = row?.orderId != null ? { orderId: row.orderId, storeId: row.storeId } : null;
  const { event } = useOrderStatus(followed);
  // An outcome stays on screen after its row is gone, until the guest taps Done.
  const [outcome, setOutcome] = useState<OrderStage | null>(null);

  // The checkout whose outcome the guest has already closed (its row may take a moment to go).
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);

  const computed = row === undefined ? undefined : orderStageOf({ row, placed, event, notice, online });
  const rowKey = row?.idempotencyKey ?? null;
  const live = rowKey !== null && rowKey === dismissedKey ? null : computed;
  const stage = outcome ?? live;

  // Once per checkout: `computed` is a new object on every render, so the effect keys on the row
  // and the final kind, and reads the stage itself from a ref.
  const finalKind = computed && isFinal(computed) ? computed.kind : null;
  const latest = useRef(computed);
  latest.current = computed;
  // Set by dismiss() at once: React may run this effect after a tap that dismissed it, before the
  // dismissal's render.
  const dismissedNow = useRef<string | null>(null);
  const ended = useRef<string | null>(null);
  useEffect(() => {
    const now = latest.current;
    if (!rowKey || !finalKind || !now || ended.current === rowKey) return;
    ended.current = rowKey;
    if (dismissedNow.current !== rowKey) setOutcome(now);
    void orderOutbox().remove(rowKey);
    if (finalKind === "accepted") void changeCart(appDb(), { storeId, serviceId }, clearCart).catch(() => undefined);
  }, [rowKey, finalKind, storeId, serviceId]);

  const shownKey = useRef<string | null>(null);
  shownKey.current = rowKey ?? ended.current;

  const send = useCallback(
    async (request: PlaceOrderRequest, spot: { tableId: number }) => {
      dismissNotice();
      const outbox = orderOutbox();
      const queued = await outbox.queue({ storeId, serviceId, tableId: spot.tableId, request });
      await outbox.send(queued.idempotencyKey);
    },
    [storeId, serviceId, dismissNotice],
  );

  const dismiss = useCallback(() => {
    setOutcome(null);
    dismissedNow.current = shownKey.current;
    setDismissedKey(shownKey.current);
    dismissNotice();
  }, [dismissNotice]);

  const cancelHeld = useCallback(() => {
    if (row?.onHold && row.orderId === null) void orderOutbox().remove(row.idempotencyKey);
  }, [row]);

  return {
    stage: stage === undefined ? undefined : stage,
    refusal: notice?.kind === "refused" ? notice : null,
    send,
    dismiss,
    signIn: openHeldEntrance,
    cancelHeld,
  };
}
