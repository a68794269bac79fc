/** Storage of the sliding-window limits (see ../tables/rate-limits.table.ts and ../../auth/throttle.ts). */
import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import type { Database } from "../schema";

/**
 * Takes the key's row for the rest of the transaction: the upsert writes the row, so PostgreSQL
 * holds its lock until commit and a concurrent request for the same key waits here; SQLite runs
 * one writing transaction at a time anyway.
 */
export async function lockRateLimitKey(db: Kysely<Database>, key: string, now: IsoInstant): Promise<void> {
  await db
    .insertInto("rate_limit_keys")
    .values({ key, touched_at: now })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => ({ touched_at: eb.ref("excluded.touched_at") })),
    )
    .execute();
}

/** Instants of the key's events after `since`, newest first. */
export async function listRateLimitEvents(db: Kysely<Database>, key: string, since: IsoInstant): Promise<IsoInstant[]> {
  const rows = await db
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("key", "=", key)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => row.created_at);
}

export async function insertRateLimitEvent(db: Kysely<Database>, key: string, now: IsoInstant): Promise<number> {
  const { id } = await db
    .insertInto("rate_limit_events")
    .values({ key, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteRateLimitEvent(db: Kysely<Database>, eventId: number): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("id", "=", eventId).execute();
}

/** Forgets events and keys no limit looks at any more. */
export async function pruneRateLimits(db: Kysely<Database>, before: IsoInstant): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("created_at", "<=", before).execute();
  await db.deleteFrom("rate_limit_keys").where("touched_at", "<=", before).execute();
}
