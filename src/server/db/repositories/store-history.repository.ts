/**
 * Which orders a page of the store's order history shows (GET /api/staff/stores/:storeId/orders,
 * issue "The waiter's PDA" §4): one store, one Athens day, optionally one status, one spot (the
 * table a PDA picked, else the order's own spot) and one daily number; newest first. Ids grow with
 * every placement, so newest first is id order and an id is a stable cursor (orders placed
 * meanwhile do not shift the next page). The orders_store_day index (migration 007) finds them.
 */
import type { Kysely } from "kysely";
import type { OrderStatus } from "../../../domain/orders-api";
import { fromDbBoolean as bool } from "../columns";
import type { Database } from "../schema";

export interface StoreHistoryFilter {
  storeId: number;
  athensDay: string;
  status?: OrderStatus | undefined;
  spotId?: number | undefined;
  dailyNumber?: number | undefined;
}

/** Up to `limit` ids, and the cursor of the next page when there are more. */
export async function listStoreOrderIds(
  db: Kysely<Database>,
  filter: StoreHistoryFilter,
  page: { cursor: number | undefined; limit: number },
): Promise<{ ids: number[]; nextCursor: number | null }> {
  let query = db
    .selectFrom("orders")
    .select("id")
    .where("store_id", "=", filter.storeId)
    .where("athens_day", "=", filter.athensDay);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  if (filter.dailyNumber !== undefined) query = query.where("daily_number", "=", filter.dailyNumber);
  const spotId = filter.spotId;
  if (spotId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb("selected_table_id", "=", spotId),
        eb.and([eb("selected_table_id", "is", null), eb("spot_id", "=", spotId)]),
      ]),
    );
  }
  if (page.cursor !== undefined) query = query.where("id", "<", page.cursor);
  // One more than asked tells whether an older page exists.
  const rows = await query
    .orderBy("id", "desc")
    .limit(page.limit + 1)
    .execute();
  const ids = rows.slice(0, page.limit).map((row) => row.id);
  const last = ids.at(-1);
  return { ids, nextCursor: rows.length > page.limit && last !== undefined ? last : null };
}

/** The store's spots a history can be filtered by (not its PDAs), in floor order. */
export async function listStoreSpots(db: Kysely<Database>, storeId: number) {
  const spots = await db
    .selectFrom("spots")
    .select(["id", "name", "names", "is_pda"])
    .where("store_id", "=", storeId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return spots.filter((spot) => !bool(spot.is_pda));
}
