/** Storage of the sliding-window limits (see ../tables/rate-limits.table.ts and ../../auth/throttle.ts). */
import { CompiledQuery, type Kysely, PostgresAdapter, sql } from "kysely";
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

/**
 * PostgreSQL: runs `claim` (an insert that may do nothing on a conflict) and, only when it
 * inserted its row, takes the key's lock right after it, in one statement (the lock reads the
 * claim's answer, so it always comes second, as when they were two statements). True when the
 * claim inserted its row.
 */
export async function claimThenLockRateLimitKey(
  db: Kysely<Database>,
  claim: CompiledQuery,
  key: string,
  now: IsoInstant,
): Promise<boolean> {
  const next = claim.parameters.length;
  const text = `with claimed as (${claim.sql} returning 1) insert into "rate_limit_keys" ("key", "touched_at") select $${next + 1}, $${next + 2} from claimed on conflict ("key") do update set "touched_at" = "excluded"."touched_at"`;
  const result = await db.executeQuery(CompiledQuery.raw(text, [...claim.parameters, key, now]));
  return Number(result.numAffectedRows ?? 0n) > 0;
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

/**
 * PostgreSQL, after `lockRateLimitKey`: counts the key's events after each window's start and, when
 * every window has room (`count < max`; a max under 1 limits nothing), adds the event, in one
 * statement (both parts see the same snapshot, taken after the lock, as the two statements did).
 * Undefined on SQLite, whose statements cost no round trip: the caller counts, then inserts.
 */
export async function countThenInsertRateLimitEvent(
  db: Kysely<Database>,
  key: string,
  now: IsoInstant,
  windows: readonly { since: IsoInstant; max: number }[],
): Promise<{ counts: number[]; eventId: number | null } | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const oldest = windows.map((window) => window.since).sort()[0];
  if (oldest === undefined) return undefined;
  const sums = windows.map(
    (window, index) =>
      sql`sum(case when created_at > ${window.since} then 1 else 0 end) as ${sql.ref(`after_${index}`)}`,
  );
  const room = windows.flatMap((window, index) =>
    window.max < 1 ? [] : [sql`coalesce(${sql.ref(`after_${index}`)}, 0) < ${window.max}`],
  );
  const result = await sql<Record<string, string | number | null>>`
    with counts as (
      select ${sql.join(sums)} from rate_limit_events where key = ${key} and created_at > ${oldest}
    ), added as (
      insert into rate_limit_events (key, created_at)
      select ${key}, ${now} from counts where ${room.length === 0 ? sql`true` : sql.join(room, sql` and `)}
      returning id
    )
    select counts.*, (select id from added) as added_id from counts`.execute(db);
  const row = result.rows[0] ?? {};
  const added = row.added_id;
  return {
    counts: windows.map((_, index) => Number(row[`after_${index}`] ?? 0)),
    eventId: added === null || added === undefined ? null : Number(added),
  };
}

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
