/**
 * GET /api/staff/orders: what the staff screen lists. The store's pending orders, whatever their
 * day (an order under review may wait until tomorrow), and the orders it decided since the start
 * of today in Athens (accepted, rejected, timed out), newest first. Payment-failed orders are not
 * the store's to handle and are left out.
 */

import { athensDayBounds, athensDayOf } from "../../../domain/order-placement";
import type { OrderDto } from "../../../domain/orders-api";
import { PENDING_ORDER_STATUSES } from "../../../domain/orders-api";
import { instantOf } from "../../orders/athens-clock";
import type { OrdersContext } from "../../orders/context";
import { loadOrderDtos } from "../../orders/order-presenter";

/** More than a busy day's decisions of one store; pending orders are always all listed. */
const MAX_DECIDED = 300;

export async function listStoreOrders(ctx: OrdersContext, storeId: number): Promise<OrderDto[]> {
  const { start } = athensDayBounds(athensDayOf(instantOf(ctx.now())));
  const startOfToday = new Date(start.epochMilliseconds).toISOString();
  const ofStore = ctx.db.selectFrom("orders").select(["id", "created_at"]).where("store_id", "=", storeId);
  const [pending, decided] = await Promise.all([
    ofStore.where("status", "in", PENDING_ORDER_STATUSES).execute(),
    ofStore
      .where("status", "in", ["ACCEPTED", "REJECTED", "TIMED_OUT"])
      .where("decided_at", ">=", startOfToday)
      .orderBy("decided_at", "desc")
      .limit(MAX_DECIDED)
      .execute(),
  ]);
  const newestFirst = [...pending, ...decided].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return loadOrderDtos(
    ctx.db,
    newestFirst.map((row) => row.id),
  );
}
