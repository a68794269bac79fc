/**
 * Opens the database the configuration names: PostgreSQL for a postgres:// URL (a pg Pool),
 * otherwise the embedded SQLite file (better-sqlite3).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database, DialectName } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the start-up log line (the password of a URL is masked). */
  location: string;
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
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): DatabaseHandle {
  return target.kind === "postgres" ? openPostgres(target.url, options) : openSqlite(target.file);
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", (error) => options.onPoolError?.(error));
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: "postgres",
    location: maskPassword(url),
  };
}

function openSqlite(file: string): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  // WAL lets readers run while an import writes; synchronous=FULL makes every committed
  // transaction (an accepted order) survive a power cut; foreign keys are off unless asked for;
  // busy_timeout makes a second process (the import CLI) wait for the lock instead of failing.
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) }),
    dialect: "sqlite",
    location: file,
  };
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
