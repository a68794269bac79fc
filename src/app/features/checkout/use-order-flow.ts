/**
 * The cart screen's orders: the rounds this spot's cart has sent (each followed by its own card,
 * use-sent-order.ts) and Send, which hands the next round to the outbox.
 *
 * - Send takes the lines shown out of the cart with the checkout, in one transaction: the cart is
 *   free at once for the next round, which can be sent while earlier ones wait.
 * - A refusal (4xx) never reached "placed": its lines are back in the cart and its error is shown
 *   above the form.
 * - A cart changed in another tab between showing and sending is not sent: the guest is asked to
 *   look again, since the total sent must be the total seen.
 * - A new Send clears the outcomes already on screen: the guest has read them and moved on.
 */
import { msg } from "@lingui/core/macro";
import { useCallback, useState } from "react";
import type { CartLine } from "../../../domain/cart";
import type { PlaceOrderRequest } from "../../../domain/orders-api";
import { type ErrorText, errorText } from "../../api/error-catalogue";
import type { PendingOrderRow } from "../../db/app-db";
import type { CartKey } from "../../db/cart-repository";
import { CartChangedError } from "../../orders/outbox/order-outbox";
import { orderOutbox } from "../../orders/outbox/outbox";
import { useCartOrders } from "../../orders/outbox/use-cart-orders";
import { openEntrance } from "../entrance/entrance-store";

const CART_CHANGED: ErrorText = {
  descriptor: msg`Your cart changed while it was being sent; please check it and send again`,
};

export interface OrderFlow {
  /** The rounds sent from this spot's cart, oldest first; undefined while the outbox is read. */
  rows: PendingOrderRow[] | undefined;
  /** Why the last Send did not go (a refusal, a cart changed meanwhile), shown above the form. */
  problem: ErrorText | null;
  send: (request: PlaceOrderRequest, lines: readonly CartLine[]) => Promise<void>;
}

export const openHeldEntrance = () => openEntrance({ orderOnHold: true });

export function useOrderFlow(cart: CartKey, spotId: number): OrderFlow {
  const { storeId, serviceId } = cart;
  const { rows, refusal, dismissRefusal } = useCartOrders(cart, spotId, openHeldEntrance);
  const [cartChanged, setCartChanged] = useState(false);

  const send = useCallback(
    async (request: PlaceOrderRequest, lines: readonly CartLine[]) => {
      dismissRefusal();
      setCartChanged(false);
      const outbox = orderOutbox();
      try {
        const queued = await outbox.queue({ storeId, serviceId, tableId: spotId, request, lines });
        await outbox.send(queued.idempotencyKey);
      } catch (error) {
        if (!(error instanceof CartChangedError)) throw error;
        setCartChanged(true);
      }
    },
    [storeId, serviceId, spotId, dismissRefusal],
  );

  return {
    rows,
    problem: cartChanged ? CART_CHANGED : refusal && errorText(refusal),
    send,
  };
}
