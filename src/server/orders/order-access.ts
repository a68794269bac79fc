/**
 * Who may read or follow an order: the account that placed it, or staff of its store. Anyone else
 * is told it does not exist (404 ORDER_NOT_FOUND over HTTP, the same ERROR as a missing order over
 * STOMP), so order ids reveal nothing. The HTTP routes and the STOMP subscriptions share this rule.
 */

import type { SignedIn } from "../auth/sessions";
import { findOrderById } from "../db/repositories/orders.repository";
import type { AccountRecord } from "../db/repositories/users.repository";
import type { OrderRow } from "../db/tables/orders.tables";
import type { OrdersContext } from "./context";
import { missing } from "./placement-errors";

/** An account as the rule sees it: who it is, and the store it works for when it is staff. */
export interface OrderViewer {
  userId: number;
  /** Set for staff (the store of their account); null for guests and visitors. */
  staffStoreId: number | null;
}

export function viewerOf(account: AccountRecord): OrderViewer {
  const isStaff = account.user.kind === "staff" && account.staff !== null;
  return { userId: account.user.id, staffStoreId: isStaff ? account.user.store_id : null };
}

export function mayReadOrder(viewer: OrderViewer, order: Pick<OrderRow, "user_id" | "store_id">): boolean {
  return order.user_id === viewer.userId || (viewer.staffStoreId !== null && order.store_id === viewer.staffStoreId);
}

export async function findReadableOrder(ctx: OrdersContext, signedIn: SignedIn, orderId: number): Promise<OrderRow> {
  const order = await findOrderById(ctx.db, orderId);
  if (order === undefined || !mayReadOrder(viewerOf(signedIn.account), order))
    throw missing("ORDER_NOT_FOUND", "There is no such order");
  return order;
}
