/**
 * Orders and their lines (migration 003): placement writes them inside its transaction; the
 * presenter reads them back. Daily numbers come from order_daily_counters, one row per store and
 * Athens day, incremented by an upsert that both dialects run atomically (drawDailyNumber).
 */
import { type Kysely, PostgresAdapter } from "kysely";
import type { IsoInstant } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";
import type { NewOrderLineRow, NewOrderRow, OrderLineRow, OrderRow } from "../tables/orders.tables";

const orderInsert = compiledOnce((db, order: NewOrderRow) => db.insertInto("orders").values(order).returningAll());

export async function insertOrder(db: Kysely<Database>, order: NewOrderRow): Promise<OrderRow> {
  const row = (await orderInsert(db, order)).rows[0];
  if (row === undefined) throw new Error("the order insert returned no row");
  return row;
}

const linesInsert = compiledOnce((db, lines: NewOrderLineRow[]) => db.insertInto("order_lines").values(lines));

export async function insertOrderLines(db: Kysely<Database>, lines: NewOrderLineRow[]): Promise<void> {
  if (lines.length > 0) await linesInsert(db, lines);
}

/** The insert of `insertOrderLines`, compiled to be sent with later writes (statement-batch.ts). */
export function orderLinesInsertQuery(db: Kysely<Database>, lines: [NewOrderLineRow, ...NewOrderLineRow[]]) {
  return linesInsert.compile(db, lines);
}

export async function findOrderById(db: Kysely<Database>, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

export async function findOrdersByIds(db: Kysely<Database>, orderIds: readonly number[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom("orders").selectAll().where("id", "in", orderIds).execute();
}

export async function findLinesOfOrders(db: Kysely<Database>, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .orderBy("position")
    .execute();
}

/**
 * The next daily number of a store for an Athens day, for a placement running in `trx`.
 *
 * On PostgreSQL it is drawn on `advisory` (db/database.ts openAdvisoryConnections) in a commit of
 * its own, so the counter row is locked for that one statement. Drawn in the placement's
 * transaction, the lock was held until its COMMIT had flushed, so a store's placements ran one
 * WAL flush after another: about 2 ms each, 500 orders/s at most. That commit
 * waits for no flush and need not: PostgreSQL writes its WAL in order, so the placement's own
 * commit, flushed before anyone is answered, carries the draw to disk with it; a draw lost in a
 * crash belongs to no order that survived it. A placement that fails after its draw leaves its
 * number unused (a gap); the checks that refuse an order run before it (write-order.ts).
 *
 * On SQLite (one writer, one transaction at a time; `advisory` undefined) the upsert runs in
 * `trx`: nothing waits on it.
 */
export async function drawDailyNumber(
  trx: Kysely<Database>,
  advisory: Kysely<Database> | undefined,
  storeId: number,
  athensDay: string,
): Promise<number> {
  const row = (await dailyNumberUpsert(advisory ?? trx, storeId, athensDay)).rows[0];
  if (row === undefined) throw new Error("the daily counter upsert returned no row");
  return row.last_number;
}

const dailyNumberUpsert = compiledOnce((db, storeId: number, athensDay: string) =>
  db
    .insertInto("order_daily_counters")
    .values({ store_id: storeId, athens_day: athensDay, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(["store_id", "athens_day"])
        .doUpdateSet((eb) => ({ last_number: eb("order_daily_counters.last_number", "+", 1) })),
    )
    .returning("last_number"),
);

/**
 * Makes the spot's placements wait for each other until `trx` ends, so that its count of the
 * spot's orders stays true until its own order is written (the per-spot daily limit). PostgreSQL
 * locks the spot's row; SQLite runs one transaction at a time already.
 */
export async function lockSpotForCount(trx: Kysely<Database>, spotId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await spotLock(trx, spotId);
}

const spotLock = compiledOnce((db, spotId: number) =>
  db.selectFrom("spots").select("id").where("id", "=", spotId).forUpdate(),
);

/** Orders a spot sent for now on an Athens day (payment failures ordered nothing, so they do not count). */
export async function countImmediateOrdersOfSpot(
  db: Kysely<Database>,
  spotId: number,
  athensDay: string,
): Promise<number> {
  const { count } = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("spot_id", "=", spotId)
    .where("athens_day", "=", athensDay)
    .where("scheduled_for", "is", null)
    .where("status", "!=", "PAYMENT_FAILED")
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Scheduled orders of a spot to be delivered in [from, to). */
export async function countScheduledOrdersOfSpot(
  db: Kysely<Database>,
  spotId: number,
  from: IsoInstant,
  to: IsoInstant,
): Promise<number> {
  const { count } = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("spot_id", "=", spotId)
    .where("scheduled_for", ">=", from)
    .where("scheduled_for", "<", to)
    .where("status", "!=", "PAYMENT_FAILED")
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Takes `quantity` of an item's stock if that much is left: one conditional update, so two
 * placements racing for the last unit cannot both get it. false: not enough stock.
 */
export async function takeStock(db: Kysely<Database>, itemId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable("items")
    .set((eb) => ({ stock_amount: eb("stock_amount", "-", quantity) }))
    .where("id", "=", itemId)
    .where("stock_amount", ">=", quantity)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Stock changed: caches keyed by the catalogue version (the menu cache) notice it. */
export async function bumpCatalogueVersion(db: Kysely<Database>, storeId: number): Promise<void> {
  await db
    .updateTable("stores")
    .set((eb) => ({ catalogue_version: eb("catalogue_version", "+", 1) }))
    .where("id", "=", storeId)
    .execute();
}
