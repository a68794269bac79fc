/**
 * Who may read an order: its guest, or staff of its store. Anyone else is told it does not exist
 * (404 ORDER_NOT_FOUND), so order ids reveal nothing.
 */

import type { SignedIn } from "../auth/sessions";
import { findOrderById } from "../db/repositories/orders.repository";
import type { OrderRow } from "../db/tables/orders.tables";
import type { OrdersContext } from "./context";
import { missing } from "./placement-errors";

export function mayReadOrder(signedIn: SignedIn, order: Pick<OrderRow, "user_id" | "store_id">): boolean {
  const { user, staff } = signedIn.account;
  if (user.kind === "guest") return order.user_id === user.id;
  if (user.kind === "staff") return staff !== null && user.store_id === order.store_id;
  return false;
}

export async function findReadableOrder(ctx: OrdersContext, signedIn: SignedIn, orderId: number): Promise<OrderRow> {
  const order = await findOrderById(ctx.db, orderId);
  if (order === undefined || !mayReadOrder(signedIn, order)) throw missing("ORDER_NOT_FOUND", "There is no such order");
  return order;
}
