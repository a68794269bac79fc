/**
 * Opens the database the configuration names: PostgreSQL for a postgres:// URL (a pg Pool),
 * otherwise the embedded SQLite file (better-sqlite3).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { commitsAdvisory } from "./advisory-commit";
import { type DurableSqlite, durableSqlite } from "./durable-sqlite";
import { prepareStatementsByName } from "./named-statements";
import type { Database, DialectName } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the start-up log line (the password of a URL is masked). */
  location: string;
  /** PostgreSQL's pool of the requests, whose queue GET /metrics shows; absent on SQLite. */
  pool?: pg.Pool;
}

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "sqlite"; file: string };

export const SQLITE_FILE_NAME = "venue.sqlite";

export function databaseTarget(databaseUrl: string | null, dataDir: string): DatabaseTarget {
  return databaseUrl !== null
    ? { kind: "postgres", url: databaseUrl }
    : { kind: "sqlite", file: path.join(dataDir, SQLITE_FILE_NAME) };
}

export interface OpenOptions {
  /** Called when an idle PostgreSQL connection fails; without a listener pg would crash the process. */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL: connections the requests share (DATABASE_POOL_SIZE; default DEFAULT_POOL_SIZE). */
  poolSize?: number;
}

export const DEFAULT_POOL_SIZE = 10;

/** PostgreSQL's connections for commits that wait for no flush (openAdvisoryConnections). */
export const ADVISORY_POOL_SIZE = 4;

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): DatabaseHandle {
  return target.kind === "postgres" ? openPostgres(target.url, options) : openSqlite(target.file);
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? DEFAULT_POOL_SIZE });
  pool.on("error", (error) => options.onPoolError?.(error));
  // Parsed and planned once per connection.
  prepareStatementsByName(pool);
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: "postgres",
    location: maskPassword(url),
    pool,
  };
}

/**
 * PostgreSQL's advisory connections: a small pool beside the requests' one, so what
 * runs on it never queues behind the placements that fill that one, with `synchronous_commit =
 * off` for the whole session. Only writes that may be lost in a crash, or that a later durable
 * commit carries to disk with it, go through it (db/advisory-commit.ts):
 * - the job worker's claims, completions and failures (lost, the job runs again), and the status
 *   events' NOTIFY (a NOTIFY takes a transaction id, so with the default each event waited for a
 *   WAL flush of its own; lost, the job that sent it runs again); a job's own work (a capture, a
 *   message) runs on the requests' pool and waits for its flush as before;
 * - a placement's daily number (orders.repository.ts drawDailyNumber): PostgreSQL writes its WAL
 *   in order, so the order's own commit, flushed before its answer, makes the draw durable too.
 * SQLite has one connection and no such pool (its job writes are advisory already, statement-cache.ts).
 */
export function openAdvisoryConnections(url: string, options: OpenOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: ADVISORY_POOL_SIZE, options: "-c synchronous_commit=off" });
  pool.on("error", (error) => options.onPoolError?.(error));
  prepareStatementsByName(pool);
  return commitsAdvisory(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
}

function openSqlite(file: string): DatabaseHandle {
  return { db: openDurableSqlite(file).db, dialect: "sqlite", location: file };
}

/** The SQLite file as the server opens it, with its statement cache and durability barrier (for tests). */
export function openDurableSqlite(file: string): { db: Kysely<Database> } & DurableSqlite {
  mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  // WAL lets readers run while an import writes; foreign keys are off unless asked for;
  // busy_timeout makes a second process (the import CLI) wait for the lock instead of failing.
  // synchronous=NORMAL: a COMMIT does not fsync on the event loop; every committed transaction (an
  // accepted order) still survives a power cut before anyone is told about it, because the
  // driver waits for a shared sync of the -wal file first (durable-sqlite.ts).
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  // No checkpoint inside a COMMIT on the event loop: a thread of their own does them (wal-checkpointer.ts).
  connection.pragma("wal_autocheckpoint = 0");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  // A batched transaction runs as a savepoint (durable-sqlite.ts), whose undo copies of the pages
  // it changes go to a temporary file by default: in memory they are a memcpy, not a write call.
  connection.pragma("temp_store = MEMORY");
  // A first read opens the -wal file, which the driver keeps open to sync it.
  connection.prepare("select count(*) from sqlite_master").get();
  const durable = durableSqlite(connection, file);
  return { db: new Kysely<Database>({ dialect: durable.dialect }), ...durable };
}

export function maskPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable database URL)";
  }
}
