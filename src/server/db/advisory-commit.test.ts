/**
 * A job's claim, completion or failure commits without waiting for the disk, on
 * PostgreSQL through `synchronous_commit = off` for that transaction only (SQLite: statement-cache.ts,
 * tested in database.test.ts). Everything else keeps waiting for its flush.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { withAdvisoryCommit } from "./advisory-commit";
import { openAdvisoryConnections } from "./database";
import type { Database } from "./schema";

const ctx = setUpTestDatabase();

describe("withAdvisoryCommit", () => {
  it.runIf(testDialect() === "postgres")(
    "PostgreSQL: the advisory write's transaction does not wait for the WAL flush; the connection's next write does again",
    async () => {
      // One connection that waits for flushes (the test server itself runs with them off).
      const pool = new pg.Pool({ connectionString: ctx.env.DATABASE_URL, max: 1, options: "-c synchronous_commit=on" });
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      try {
        const setting = async (db: Kysely<Database>) =>
          (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]?.synchronous_commit;
        expect(await setting(db)).toBe("on");
        expect(await withAdvisoryCommit(db, (trx) => setting(trx))).toBe("off");
        expect(await setting(db)).toBe("on");
      } finally {
        await db.destroy();
      }
    },
  );

  it.runIf(testDialect() === "postgres")(
    "PostgreSQL: the job worker's own connections set synchronous_commit off for their session, so an advisory write on them is one statement, outside any transaction; on the requests' pool it is still a transaction of its own",
    async () => {
      const jobs = openAdvisoryConnections(ctx.env.DATABASE_URL ?? "");
      try {
        // Set by this connection (the test server itself runs with flushes off, from its command line).
        const { rows } = await sql<{ setting: string; source: string }>`
          select setting, source from pg_settings where name = 'synchronous_commit'`.execute(jobs);
        expect(rows[0]).toEqual({ setting: "off", source: "client" });
        expect(await withAdvisoryCommit(jobs, async (db) => db.isTransaction)).toBe(false);
        expect(await withAdvisoryCommit(ctx.db, async (db) => db.isTransaction)).toBe(true);
      } finally {
        await jobs.destroy();
      }
    },
  );

  it("its writes commit like any other; on PostgreSQL a failure rolls the transaction back (SQLite: each statement commits by itself, as before)", async () => {
    await sql`create table advisory_probe (id integer primary key, n integer not null)`.execute(ctx.db);
    await withAdvisoryCommit(ctx.db, (db) => sql`insert into advisory_probe (id, n) values (1, 1)`.execute(db));
    await expect(
      withAdvisoryCommit(ctx.db, async (db) => {
        await sql`insert into advisory_probe (id, n) values (2, 2)`.execute(db);
        throw new Error("the write fails half-way");
      }),
    ).rejects.toThrow("half-way");
    const rows = (await sql<{ id: number }>`select id from advisory_probe order by id`.execute(ctx.db)).rows;
    expect(rows.map((row) => Number(row.id))).toEqual(ctx.dialect === "postgres" ? [1] : [1, 2]);
  });
});
