/**
 * The live side of table openings (open tables live on the store's STOMP topic, polling when it
 * fails, so every waiter sees a change at once): after a change committed, one OpeningChangedEvent per opening it
 * touched goes on the order-event bus, which delivers it to /topic/stores/{storeId}/openings in
 * every API process (LISTEN/NOTIFY on PostgreSQL).
 *
 * - The event is read after the commit, so it tells the state the change left, or a later one
 *   (whose own event follows); never a state that was rolled back.
 * - It is published by a job (src/server/jobs: an opening-events job written in
 *   the staff write's transaction, or the status-event job of an accept), retried until done: a
 *   lost event must not turn a done payment into a 500, and a crash after the commit loses none.
 */
import type { Kysely } from "kysely";
import { openingAmounts, openingsListKindOf } from "../../domain/table-openings";
import type { OpeningChangedEvent } from "../../domain/table-openings-api";
import type { Database } from "../db/schema";
import type { OrdersContext } from "../orders/context";
import { onAccountByOpening } from "./opening-writes";

/** The events of these openings as they are now, in the order of their ids. */
export async function openingChangedEvents(
  db: Kysely<Database>,
  openingIds: readonly number[],
): Promise<OpeningChangedEvent[]> {
  if (openingIds.length === 0) return [];
  const [openings, lines, onAccount] = await Promise.all([
    db
      .selectFrom("table_openings")
      .innerJoin("spots", "spots.id", "table_openings.spot_id")
      .select([
        "table_openings.id",
        "table_openings.store_id",
        "table_openings.spot_id",
        "table_openings.status",
        "table_openings.version",
        "table_openings.last_activity_at",
        "spots.type",
      ])
      .where("table_openings.id", "in", openingIds)
      .orderBy("table_openings.id")
      .execute(),
    db
      .selectFrom("table_opening_lines")
      .select(["opening_id", "state", "kind", "amount_cents"])
      .where("opening_id", "in", openingIds)
      .execute(),
    onAccountByOpening(db, openingIds),
  ]);
  return openings.map((opening) => ({
    storeId: opening.store_id,
    openingId: opening.id,
    spotId: opening.spot_id,
    listKind: openingsListKindOf(opening.type),
    status: opening.status,
    version: opening.version,
    remainingCents: openingAmounts(
      lines
        .filter((line) => line.opening_id === opening.id)
        .map((line) => ({ state: line.state, kind: line.kind, amountCents: line.amount_cents })),
      onAccount.get(opening.id) ?? 0,
    ).remainingCents,
    changedAt: opening.last_activity_at,
  }));
}

/**
 * After an accept committed (its status-event job, src/server/jobs/handlers.ts): the openings the
 * order's lines joined (its spot's, and a charged room's), found by the lines themselves, so the
 * accept transaction hands nothing out. Awaited: a failure fails the job, which is retried.
 */
export async function publishOpeningsOfOrder(ctx: OrdersContext, orderId: number): Promise<void> {
  for (const event of await openingEventsOfOrder(ctx.db, orderId)) await ctx.orderEvents.publish(event);
}

/** The current events of the openings an order's lines joined (also replayed after a LISTEN gap). */
export async function openingEventsOfOrder(db: Kysely<Database>, orderId: number): Promise<OpeningChangedEvent[]> {
  const rows = await db
    .selectFrom("table_opening_lines")
    .select("opening_id")
    .distinct()
    .where("order_id", "=", orderId)
    .execute();
  return openingChangedEvents(
    db,
    rows.map((row) => row.opening_id),
  );
}

/** The openings' current events on the bus (an opening-events job, after a staff write). */
export async function publishOpenings(ctx: OrdersContext, openingIds: readonly number[]): Promise<void> {
  for (const event of await openingChangedEvents(ctx.db, openingIds)) await ctx.orderEvents.publish(event);
}
