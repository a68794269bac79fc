/**
 * LIMIT and OFFSET numbers written into SQLite's SQL text: bound as parameters
 * they made SQLite prepare the statement anew on every run (a placement's membership lookup cost
 * 27 µs instead of 2.5 in the placement bench's statement profile).
 */
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "./schema";
import { LiteralLimitSqliteQueryCompiler } from "./sqlite-query-compiler";

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new LiteralLimitSqliteQueryCompiler(),
  },
});

describe("the SQLite compiler writes LIMIT and OFFSET integers into the SQL", () => {
  it("integers are written out; the other values stay parameters", () => {
    const compiled = db.selectFrom("memberships").select("id").where("store_id", "=", 7).limit(1).offset(20).compile();
    expect(compiled.sql).toBe('select "id" from "memberships" where "store_id" = ? limit 1 offset 20');
    expect(compiled.parameters).toEqual([7]);
  });

  it("what is not a safe integer (a fraction, an expression) is compiled as Kysely does", () => {
    const fraction = db.selectFrom("memberships").select("id").limit(1.5).compile();
    expect(fraction.sql).toBe('select "id" from "memberships" limit ?');
    expect(fraction.parameters).toEqual([1.5]);
    const expression = db.selectFrom("memberships").select("id").limit(sql<number>`1 + 1`).compile();
    expect(expression.sql).toBe('select "id" from "memberships" limit 1 + 1');
  });
});
