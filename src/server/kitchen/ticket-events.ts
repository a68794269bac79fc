/** Publishes tickets' live events, as the tickets are when the job runs (a repeat is harmless). */
import type { TicketChangedEvent } from "../../domain/kitchen-api";
import type { OrdersContext } from "../orders/context";
import { orderStatusEventOf } from "../orders/order-presenter";

export async function publishTicketEvents(ctx: OrdersContext, ticketIds: readonly number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  const rows = await ctx.db
    .selectFrom("tickets")
    .select(["id", "store_id", "station_id", "order_id", "state", "version", "updated_at"])
    .where("id", "in", [...ticketIds])
    .execute();
  for (const row of rows) {
    const event: TicketChangedEvent = {
      storeId: row.store_id,
      stationId: row.station_id,
      ticketId: row.id,
      orderId: row.order_id,
      state: row.state,
      version: row.version,
      changedAt: row.updated_at,
    };
    await ctx.orderEvents.publish(event);
  }
}

/** The order's status event as it now is: its guest learns a change of preparation. */
export async function publishOrderStatus(ctx: OrdersContext, orderId: number): Promise<void> {
  const order = await ctx.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (order !== undefined) await ctx.orderEvents.publish(orderStatusEventOf(order));
}
