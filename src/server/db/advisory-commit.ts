/**
 * Writes whose loss in a crash is harmless, committed without waiting for the disk:
 * a job's claim, completion or failure. Lost, the job runs again, which every job allows (at least
 * once, each idempotent). On SQLite the statement cache already lets `update "jobs"` skip its sync
 * (statement-cache.ts); on PostgreSQL this turns `synchronous_commit` off for that one transaction.
 * Without it the worker, which runs one job after another, waited for two WAL flushes per job and
 * fell behind the orders under load (two thirds of the status events still pending after a
 * placement bench). PostgreSQL writes its WAL in order, so a lost advisory commit implies that
 * nothing committed after it survived either: a job's completion is never kept without its effects.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "./schema";

/** Handles whose every commit is already advisory (the job worker's own pool, database.ts). */
const advisoryHandles = new WeakSet<Kysely<Database>>();

/**
 * Marks a handle whose connections run with `synchronous_commit = off` for their whole session:
 * an advisory write on it is one statement, without the BEGIN, SET LOCAL and COMMIT round trips.
 */
export function commitsAdvisory(db: Kysely<Database>): Kysely<Database> {
  advisoryHandles.add(db);
  return db;
}

export async function withAdvisoryCommit<T>(
  db: Kysely<Database>,
  write: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (advisoryHandles.has(db) || !(db.getExecutor().adapter instanceof PostgresAdapter)) return write(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return write(trx);
  });
}
