/**
 * Issue 13 (PostgreSQL placement throughput): a write marked deferrable is sent with its
 * transaction's next write, in one statement, and never after anything that could see it.
 * The rules on a recorded connection (both databases' runs), then on a real PostgreSQL.
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { DEFERRED_WRITE_MARK, DeferredWrites, deferredWrite } from "./deferred-writes";
import { prepareStatementsByName } from "./named-statements";

const LINES = `insert into "order_lines" ("order_id", "item_id") values ($1, $2) ${DEFERRED_WRITE_MARK}`;
const JOB = `insert into "jobs" ("kind", "payload") values ($1, $2) ${DEFERRED_WRITE_MARK}`;
const ANSWER = `update "order_requests" set "state" = $1 where "key" = $2`;

/** A connection that records what reaches PostgreSQL. */
function recorded() {
  const sent: { text: string; values: unknown[] | undefined }[] = [];
  const writes = new DeferredWrites();
  const query = (text: string, values?: unknown[]) =>
    writes.query(text, values, async (t, v) => {
      sent.push({ text: t, values: v });
      return { command: "OK", rowCount: 1, rows: [] };
    });
  return { sent, query };
}

describe("deferred writes: the rules", () => {
  it("in a transaction, the lines and the job go out with the stored answer as one statement, parameters renumbered in order", async () => {
    const { sent, query } = recorded();
    await query("begin");
    expect(await query(LINES, [7, 70201])).toEqual({ command: "DEFERRED", rowCount: null, rows: [] });
    await query(JOB, ["status-event", "{}"]);
    await query(ANSWER, ["DONE", "k1"]);
    await query("commit");
    expect(sent).toEqual([
      { text: "begin", values: undefined },
      {
        text:
          'with deferred_1 as (insert into "order_lines" ("order_id", "item_id") values ($1, $2)), ' +
          'deferred_2 as (insert into "jobs" ("kind", "payload") values ($3, $4)) ' +
          'update "order_requests" set "state" = $5 where "key" = $6',
        values: [7, 70201, "status-event", "{}", "DONE", "k1"],
      },
      { text: "commit", values: undefined },
    ]);
  });

  it("a read, a write naming a kept write's table, a savepoint or COMMIT sends the kept writes first, as they were", async () => {
    for (const next of [
      { text: `select * from "order_lines" where "order_id" = $1`, values: [7] },
      { text: `update "order_lines" set "quantity" = $1`, values: [2] },
      { text: "savepoint s1", values: undefined },
      { text: "commit", values: undefined },
    ]) {
      const { sent, query } = recorded();
      await query("begin");
      await query(LINES, [7, 70201]);
      await query(next.text, next.values);
      expect(sent.map((statement) => statement.text)).toEqual(["begin", LINES, next.text]);
    }
  });

  it("a ROLLBACK drops the kept writes; outside a transaction a marked write runs at once", async () => {
    const { sent, query } = recorded();
    await query("begin");
    await query(LINES, [7, 70201]);
    await query("rollback");
    await query(LINES, [8, 70201]);
    expect(sent.map((statement) => statement.text)).toEqual(["begin", "rollback", LINES]);
  });
});

const ctx = setUpTestDatabase();

describe.runIf(testDialect() === "postgres")("deferred writes on PostgreSQL", () => {
  it("kept writes are written with the next write, seen by a later read, rolled back with their transaction, and fail it when they fail", async () => {
    const pool = new pg.Pool({ connectionString: ctx.env.DATABASE_URL, max: 1 });
    prepareStatementsByName(pool);
    // biome-ignore lint/suspicious/noExplicitAny: a table of this test only
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    try {
      await sql`create table deferred_probe (id integer primary key, note text not null)`.execute(db);
      await sql`create table deferred_other (id integer primary key)`.execute(db);
      const keep = (id: number) =>
        db
          .insertInto("deferred_probe")
          .values({ id, note: `row ${id}` })
          .modifyEnd(deferredWrite());

      const seen = await db.transaction().execute(async (trx) => {
        await trx.executeQuery(keep(1).compile());
        await trx.executeQuery(keep(2).compile());
        const other = await trx.insertInto("deferred_other").values({ id: 1 }).executeTakeFirst();
        expect(other.numInsertedOrUpdatedRows).toBe(1n);
        await trx.executeQuery(keep(3).compile());
        // A read after a kept write sees it.
        return (await sql<{ id: number }>`select id from deferred_probe order by id`.execute(trx)).rows;
      });
      expect(seen.map((row) => row.id)).toEqual([1, 2, 3]);

      await expect(
        db.transaction().execute(async (trx) => {
          await trx.executeQuery(keep(4).compile());
          throw new Error("the placement is refused");
        }),
      ).rejects.toThrow("refused");
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.executeQuery(keep(5).compile());
          await trx.executeQuery(keep(1).compile()); // a duplicate key: fails with the next write
          await trx.insertInto("deferred_other").values({ id: 2 }).execute();
        }),
      ).rejects.toThrow(/duplicate key/);
      const rows = (await sql<{ id: number }>`select id from deferred_probe order by id`.execute(db)).rows;
      expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
      const others = (await sql<{ id: number }>`select id from deferred_other order by id`.execute(db)).rows;
      expect(others.map((row) => row.id)).toEqual([1]);
    } finally {
      await sql`drop table if exists deferred_probe`.execute(db);
      await sql`drop table if exists deferred_other`.execute(db);
      await db.destroy();
    }
  });
});
