/** Storage of the sliding-window limits (see ../tables/rate-limits.table.ts and ../../auth/throttle.ts). */
import { type Kysely, PostgresAdapter } from "kysely";
import type { IsoInstant } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { Database } from "../schema";

/**
 * Takes the key's row for the rest of the transaction: the upsert writes the row, so PostgreSQL
 * holds its lock until commit and a concurrent request for the same key waits here. SQLite needs
 * no lock: the server's one connection runs one transaction at a time (Kysely's driver queues
 * them), and a write after another connection's commit fails there rather than losing a count.
 * So on SQLite nothing is written (an upsert would be two of the b-tree pages each
 * guest order writes to the -wal file, and a statement).
 */
export async function lockRateLimitKey(db: Kysely<Database>, key: string, now: IsoInstant): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await keyUpsert(db, key, now);
}

const keyUpsert = compiledOnce((db, key: string, now: IsoInstant) =>
  db
    .insertInto("rate_limit_keys")
    .values({ key, touched_at: now })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => ({ touched_at: eb.ref("excluded.touched_at") })),
    ),
);

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

/**
 * How many events the key has after each of `sinces`, in one statement (counted by the database:
 * a busy key, such as every code sent in an hour, would otherwise bring each event into memory).
 */
export async function countRateLimitEvents(
  db: Kysely<Database>,
  key: string,
  sinces: readonly IsoInstant[],
): Promise<number[]> {
  const oldest = [...sinces].sort()[0];
  if (oldest === undefined) return [];
  const row = (await eventCounts(db, key, oldest, [...sinces])).rows[0];
  const counts = (row ?? {}) as Record<string, number | string | null>;
  return sinces.map((_, index) => Number(counts[`after_${index}`] ?? 0));
}

const eventCounts = compiledOnce((db, key: string, oldest: IsoInstant, sinces: IsoInstant[]) =>
  db
    .selectFrom("rate_limit_events")
    .where("key", "=", key)
    .where("created_at", ">", oldest)
    .select((eb) =>
      sinces.map((since, index) =>
        eb.fn
          .sum<number | string | null>(eb.case().when("created_at", ">", since).then(1).else(0).end())
          .as(`after_${index}`),
      ),
    ),
);

/** The key's `n`-th newest event after `since` (1: the newest), if it has that many. */
export async function nthNewestRateLimitEvent(
  db: Kysely<Database>,
  key: string,
  since: IsoInstant,
  n: number,
): Promise<IsoInstant | undefined> {
  const row = await db
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("key", "=", key)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .limit(1)
    .offset(n - 1)
    .executeTakeFirst();
  return row?.created_at;
}

export async function insertRateLimitEvent(db: Kysely<Database>, key: string, now: IsoInstant): Promise<number> {
  const row = (await eventInsert(db, key, now)).rows[0];
  if (row === undefined) throw new Error("the rate-limit event insert returned no row");
  return row.id;
}

const eventInsert = compiledOnce((db, key: string, now: IsoInstant) =>
  db.insertInto("rate_limit_events").values({ key, created_at: now }).returning("id"),
);

export async function deleteRateLimitEvent(db: Kysely<Database>, eventId: number): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("id", "=", eventId).execute();
}

/** Forgets events and keys no limit looks at any more. */
export async function pruneRateLimits(db: Kysely<Database>, before: IsoInstant): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("created_at", "<=", before).execute();
  await db.deleteFrom("rate_limit_keys").where("touched_at", "<=", before).execute();
}
