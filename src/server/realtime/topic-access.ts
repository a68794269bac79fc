/**
 * Who may listen to which order topic (guests subscribe to their own order only, staff to
 * their store): an order's topic is for whoever may read the order (orders/order-access.ts:
 * the account that placed it and the staff of its store); a store's topics (its orders, its table
 * openings, tickets, calls) for its staff only; a spot's bill for whoever may read it (bill/bill-access.ts). Decided once, at SUBSCRIBE: an order's guest and store never
 * change, and a staff member who leaves the store loses the session (stomp-session re-checks it),
 * which ends the connection.
 */
import type { Kysely } from "kysely";
import type { OrderTopic } from "../../domain/order-topics";
import { mayReadBill } from "../bill/bill-access";
import type { AccountRecord } from "../db/repositories/users.repository";
import type { Database } from "../db/schema";
import { mayReadOrder, type OrderViewer, viewerOf } from "../orders/order-access";

/** The account of a STOMP connection, as its CONNECT frame's tokens named it. */
export interface Listener extends OrderViewer {
  sessionId: number;
}

export function listenerOf(account: AccountRecord, sessionId: number): Listener {
  return { ...viewerOf(account), sessionId };
}

/**
 * true when the listener may subscribe. An unknown order answers false exactly like another
 * guest's, so the answer never tells whether an order exists.
 */
export async function mayListen(
  db: Kysely<Database>,
  listener: Listener,
  topic: OrderTopic,
  now: Date,
): Promise<boolean> {
  if (topic.kind === "tableBill") {
    const spot = await db
      .selectFrom("spots")
      .select(["id", "store_id"])
      .where("id", "=", topic.tableId)
      .executeTakeFirst();
    return spot !== undefined && (await mayReadBill(db, listener, spot, now));
  }
  if (topic.kind !== "order") return listener.staffStoreId !== null && listener.staffStoreId === topic.storeId;
  const order = await db
    .selectFrom("orders")
    .select(["user_id", "store_id"])
    .where("id", "=", topic.orderId)
    .executeTakeFirst();
  return order !== undefined && mayReadOrder(listener, order);
}
