import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { databaseTarget, maskPassword, openDatabase, openDurableSqlite, SQLITE_FILE_NAME } from "./database";
import { whenCommitsDurable } from "./durable-sqlite";

const dataDir = mkdtempSync(path.join(tmpdir(), "venue-db-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("database (embedded SQLite under DATA_DIR, PostgreSQL by URL)", () => {
  it("an embedded SQLite file is created on first open, in WAL mode with synchronous=NORMAL (+ the driver's group commit) and foreign keys on", async () => {
    const target = databaseTarget(null, path.join(dataDir, "fresh"));
    expect(target).toEqual({ kind: "sqlite", file: path.join(dataDir, "fresh", SQLITE_FILE_NAME) });
    const { db, dialect } = openDatabase(target);
    try {
      expect(dialect).toBe("sqlite");
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      // 1 = NORMAL: COMMIT does not fsync; the driver syncs the -wal file before answering (below).
      expect(await pragma("synchronous")).toBe(1);
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("wal_autocheckpoint")).toBe(0); // checkpoints on their own thread (below)
    } finally {
      await db.destroy();
    }
  });

  it("writes wait for a sync of the -wal file, shared by concurrent commits; reads alone sync nothing; statements are prepared once", async () => {
    const { db, barrier, statements } = openDurableSqlite(path.join(dataDir, "durable", SQLITE_FILE_NAME));
    try {
      await sql`create table t (id integer primary key, n integer not null)`.execute(db);
      const syncsBefore = barrier.syncs;
      await sql`insert into t (n) values (${1})`.execute(db);
      expect(barrier.syncs).toBe(syncsBefore + 1);
      await sql`select n from t`.execute(db);
      expect(barrier.syncs).toBe(syncsBefore + 1);
      // 20 transactions at once: each is answered after a sync covering it, and they share syncs.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.transaction().execute(async (trx) => {
            await sql`insert into t (n) values (${i})`.execute(trx);
          }),
        ),
      );
      expect(barrier.syncs - syncsBefore - 1).toBeGreaterThan(0);
      expect(barrier.syncs - syncsBefore - 1).toBeLessThan(20);
      const cached = statements.size;
      for (let i = 0; i < 5; i++) await sql`select n from t where id = ${i}`.execute(db);
      expect(statements.size).toBe(cached + 1);
    } finally {
      await db.destroy();
    }
  });

  it("transactions made together share one SQLite commit; each is answered only once committed and synced", async () => {
    const file = path.join(dataDir, "batched", SQLITE_FILE_NAME);
    const { db, barrier } = openDurableSqlite(file);
    const otherConnection = new SqliteDatabase(file, { readonly: true });
    try {
      await sql`create table t (id integer primary key, n integer not null)`.execute(db);
      const commitsBefore = barrier.commits;
      const syncsBefore = barrier.syncs;
      const seenWhenAnswered = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db
            .transaction()
            .execute(async (trx) => {
              await sql`insert into t (n) values (${i})`.execute(trx);
            })
            .then(() => ({
              // Committed: another connection sees it; synced: a sync started after its commit ended.
              committed: otherConnection.prepare("select count(*) as c from t where n = ?").get(i),
              syncs: barrier.syncs - syncsBefore,
            })),
        ),
      );
      expect(seenWhenAnswered.every(({ committed, syncs }) => (committed as { c: number }).c === 1 && syncs > 0)).toBe(
        true,
      );
      expect(barrier.commits - commitsBefore).toBeGreaterThan(0);
      expect(barrier.commits - commitsBefore).toBeLessThan(20);
    } finally {
      otherConnection.close();
      await db.destroy();
    }
  });

  it("a batched transaction that fails rolls back alone; the others of its batch are kept", async () => {
    const { db } = openDurableSqlite(path.join(dataDir, "batch-member-fails", SQLITE_FILE_NAME));
    try {
      await sql`create table t (id integer primary key, n integer not null unique)`.execute(db);
      const outcomes = await Promise.allSettled(
        [1, 2, 2, 3].map((n) =>
          db.transaction().execute(async (trx) => {
            await sql`insert into t (n) values (${n * 10})`.execute(trx);
            await sql`insert into t (n) values (${n})`.execute(trx);
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
      const { rows } = await sql<{ n: number }>`select n from t order by n`.execute(db);
      expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 10, 20, 30]);
    } finally {
      await db.destroy();
    }
  });

  it("a batch SQLite ends as a whole (an error that rolls back the transaction, a COMMIT that fails) fails every member and keeps nothing", async () => {
    const file = path.join(dataDir, "batch-fails", SQLITE_FILE_NAME);
    const { db } = openDurableSqlite(file);
    try {
      await sql`create table t (id integer primary key)`.execute(db);
      await sql`create table doomed (id integer primary key)`.execute(db);
      await sql`create trigger doom before insert on doomed begin select raise(rollback, 'the whole transaction'); end`.execute(
        db,
      );
      await sql`create table parent (id integer primary key)`.execute(db);
      await sql`create table child (id integer primary key, parent_id integer references parent (id) deferrable initially deferred)`.execute(
        db,
      );
      const insert = (table: string, column: string, value: number) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into ${sql.table(table)} (${sql.ref(column)}) values (${value})`.execute(trx);
        });
      const rolledBack = await Promise.allSettled([
        insert("t", "id", 1),
        insert("doomed", "id", 1),
        insert("t", "id", 2),
      ]);
      expect(rolledBack.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "fulfilled"]);
      // The member after the lost batch opened a new one.
      const brokenKey = await Promise.allSettled([insert("t", "id", 3), insert("child", "parent_id", 99)]);
      expect(brokenKey.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
      await insert("t", "id", 4);
      const { rows } = await sql<{ id: number }>`select id from t order by id`.execute(db);
      expect(rows.map((row) => row.id)).toEqual([2, 4]);
    } finally {
      await db.destroy();
    }
  });

  it("a transaction that writes only rate-limit rows or a job's state waits for no sync of its own; the next durable commit's sync covers it", async () => {
    const { db, barrier } = openDurableSqlite(path.join(dataDir, "advisory", SQLITE_FILE_NAME));
    try {
      await sql`create table "rate_limit_events" (id integer primary key, key text not null)`.execute(db);
      await sql`create table t (id integer primary key)`.execute(db);
      await sql`create table "jobs" (id integer primary key, state text not null)`.execute(db);
      const syncsBefore = barrier.syncs;
      await db.transaction().execute(async (trx) => {
        await sql`insert into "rate_limit_events" (key) values (${"orders:account:1"})`.execute(trx);
      });
      expect(barrier.syncs).toBe(syncsBefore);
      expect(barrier.pending).toBe(false);
      // The order it guards, in the same log after it: its wait syncs both.
      await sql`insert into t (id) values (${1})`.execute(db);
      expect(barrier.syncs).toBe(syncsBefore + 1);
      expect(barrier.pending).toBe(false);
      // A job's claim or completion alone waits for nothing either (a lost one runs the job again);
      // a job's insert does.
      await sql`insert into "jobs" (id, state) values (${1}, ${"PENDING"})`.execute(db);
      expect(barrier.syncs).toBe(syncsBefore + 2);
      await sql`update "jobs" set state = ${"DONE"} where id = ${1}`.execute(db);
      expect(barrier.syncs).toBe(syncsBefore + 2);
      expect(barrier.pending).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it("an answer waits for the commits made before it (whenCommitsDurable); with none pending it waits for nothing", async () => {
    const { db, barrier } = openDurableSqlite(path.join(dataDir, "answers", SQLITE_FILE_NAME));
    try {
      await sql`create table t (id integer primary key)`.execute(db);
      expect(whenCommitsDurable()).toBeNull();
      // A commit (another request's) whose sync has not run yet: nothing may be answered before it.
      barrier.committed();
      const wait = whenCommitsDurable();
      expect(wait).not.toBeNull();
      await wait;
      expect(barrier.pending).toBe(false);
      expect(whenCommitsDurable()).toBeNull();
    } finally {
      await db.destroy();
    }
  });

  it("checkpoints run on their own thread every few hundred commits, never inside a COMMIT", async () => {
    const file = path.join(dataDir, "checkpoints", SQLITE_FILE_NAME);
    const { db, checkpointer } = openDurableSqlite(file);
    try {
      await sql`create table t (id integer primary key, body text not null)`.execute(db);
      for (let i = 0; i < 450; i++) await sql`insert into t (body) values (${"x".repeat(2000)})`.execute(db);
      const deadline = Date.now() + 10_000;
      while (checkpointer.checkpoints < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(checkpointer.checkpoints).toBeGreaterThanOrEqual(2);
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
      expect(rows[0]?.n).toBe(450);
    } finally {
      await db.destroy();
    }
    expect(existsSync(`${file}-wal`)).toBe(false); // the last connection checkpointed and removed it
  });

  it.skipIf(!process.env.TEST_POSTGRES_URL)(
    "on PostgreSQL a parameterized query is a named statement, prepared once per connection, and DDL starts the names afresh",
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
      await admin.connect();
      const name = `venue_named_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_POSTGRES_URL ?? "");
      url.pathname = `/${name}`;
      const { db } = openDatabase({ kind: "postgres", url: url.toString() });
      try {
        await sql`create table t (id integer primary key)`.execute(db);
        await sql`insert into t (id) values (${1})`.execute(db);
        const prepared = await db.transaction().execute(async (trx) => {
          for (let i = 0; i < 3; i++) await sql`select * from t where id = ${1}`.execute(trx);
          const { rows } = await sql<{ n: string }>`
            select count(*) as n from pg_prepared_statements where statement like ${"select * from t where id = $1%"}`.execute(
            trx,
          );
          return Number(rows[0]?.n);
        });
        expect(prepared).toBe(1);
        // A column added after the statement was prepared: the same text answers with it.
        await sql`alter table t add column note text`.execute(db);
        const { rows } = await sql<{ id: number; note: string | null }>`select * from t where id = ${1}`.execute(db);
        expect(rows).toEqual([{ id: 1, note: null }]);
      } finally {
        await db.destroy();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  it("a postgres:// URL selects PostgreSQL, and its password never reaches the logs", () => {
    expect(databaseTarget("postgres://app:secret@db:5432/venues", "./data")).toEqual({
      kind: "postgres",
      url: "postgres://app:secret@db:5432/venues",
    });
    expect(maskPassword("postgres://app:secret@db:5432/venues")).toBe("postgres://app:***@db:5432/venues");
  });
});
