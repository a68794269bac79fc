/**
 * Who may listen to which order topic (guests subscribe to their own order only, staff to
 * their store): an order's topic is for whoever may read the order (orders/order-access.ts:
 * the account that placed it and the staff of its store); a store's topics (its orders, its table
 * openings, tickets, calls) for its staff only; a spot's bill for whoever may read it (bill/bill-access.ts);
 * a store's catalogue changes for anyone, a connection without a session too (an anonymous
 * guest with a menu open: the menu is public, and the event carries only a version). Decided once, at SUBSCRIBE: an order's guest and store never
 * change, and a staff member who leaves the store loses the session (stomp-session re-checks it),
 * which ends the connection.
 */
import type { Kysely } from "kysely";
import type { OrderTopic } from "../../domain/order-topics";
import { mayReadBill } from "../bill/bill-access";
import type { AccountRecord } from "../db/repositories/users.repository";
import type { Database } from "../db/schema";
import { mayReadOrder, type OrderViewer, viewerOf } from "../orders/order-access";

/**
 * The account of a STOMP connection, as its CONNECT frame's tokens named it; `sessionId` null for
 * a connection that sent no tokens (a guest reading a menu before signing in).
 */
export interface Listener extends OrderViewer {
  sessionId: number | null;
}

export function listenerOf(account: AccountRecord, sessionId: number): Listener {
  return { ...viewerOf(account), sessionId };
}

/** A connection without a session: it may follow public topics only (userId 0 owns nothing). */
export const ANONYMOUS_LISTENER: Listener = { userId: 0, staffStoreId: null, sessionId: null };

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
  if (topic.kind === "storeCatalogue") return true;
  if (listener.sessionId === null) return false;
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
