/**
 * Which orders a guest's history page shows (GET /api/orders/history): only the account's own,
 * newest first. Ids grow with every placement, so "newest first" is id order, and an id is a
 * stable cursor for the next page (orders placed meanwhile do not shift it). The orders_user
 * index (user_id, ...) finds them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../schema";

export async function listOrderIdsOfUser(
  db: Kysely<Database>,
  userId: number,
  page: { before: number | undefined; limit: number },
): Promise<number[]> {
  let query = db.selectFrom("orders").select("id").where("user_id", "=", userId);
  if (page.before !== undefined) query = query.where("id", "<", page.before);
  const rows = await query.orderBy("id", "desc").limit(page.limit).execute();
  return rows.map((row) => row.id);
}
