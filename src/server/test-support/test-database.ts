/**
 * A fresh, migrated database per test file, never a mock (Kysely's test-context pattern):
 * - by default an SQLite file in a new temp directory;
 * - when TEST_POSTGRES_URL is set (scripts/with-postgres.sh sets it), a uniquely named database
 *   created on that server with the same credentials, and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseTarget, openAdvisoryConnections, openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import type { Database, DialectName } from "../db/schema";

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** what a child process (the import CLI) needs to reach the same database */
  env: Record<string, string>;
  destroy(): Promise<void>;
}

export function testDialect(): DialectName {
  return process.env.TEST_POSTGRES_URL ? "postgres" : "sqlite";
}

/** Creates the database without migrating it. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  return adminUrl ? createPostgresDatabase(adminUrl) : createSqliteDatabase();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const test = await createEmptyTestDatabase();
  await migrateToLatest(test.db, test.dialect);
  return test;
}

/**
 * For a test file: `const ctx = setUpTestDatabase();` then `ctx.db` inside tests. The database is
 * created before the file's tests and removed after them.
 */
export function setUpTestDatabase(): {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  readonly env: Record<string, string>;
} {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.destroy();
  });
  const get = (): TestDatabase => {
    if (current === undefined) throw new Error("the test database exists only inside tests and hooks");
    return current;
  };
  return {
    get db() {
      return get().db;
    },
    get dialect() {
      return get().dialect;
    },
    get env() {
      return get().env;
    },
  };
}

/** By a database's adapter, which its transactions and plugin views share. */
const advisoryConnections = new WeakMap<object, Kysely<Database>>();

/**
 * PostgreSQL's advisory connections to a test database, as main.ts opens them beside the server's
 * pool (db/database.ts openAdvisoryConnections); undefined on SQLite. Closed with the database.
 */
export function testAdvisoryDb(db: Kysely<Database>): Kysely<Database> | undefined {
  return advisoryConnections.get(db.getExecutor().adapter);
}

function createSqliteDatabase(): TestDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), "venue-test-"));
  const target: DatabaseTarget = { kind: "sqlite", file: path.join(dataDir, "venue.sqlite") };
  const { db } = openDatabase(target);
  return {
    db,
    dialect: "sqlite",
    env: { DATA_DIR: dataDir },
    async destroy() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = openDatabase({ kind: "postgres", url: url.toString() });
  const advisory = openAdvisoryConnections(url.toString());
  advisoryConnections.set(db.getExecutor().adapter, advisory);
  return {
    db,
    dialect: "postgres",
    env: { DATABASE_URL: url.toString() },
    async destroy() {
      await advisory.destroy();
      await db.destroy();
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
