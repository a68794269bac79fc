/**
 * PostgreSQL prepared statements, parsed and planned once per connection (statements
 * compiled and prepared once and reused). Kysely's PostgresDialect sends every query
 * unnamed, so the server parses and plans it anew each time; on a machine whose cores the API and
 * PostgreSQL share, that is CPU taken from both. A pool client's `query(text, values)` with
 * parameters is sent here as a named statement instead: the name stands for the SQL text (a hash),
 * so pg parses it on a connection the first time and then only binds and executes it.
 *
 * - Queries without parameters stay unnamed: BEGIN/COMMIT, and the migrations' DDL, which may hold
 *   several statements in one text (a prepared statement holds one).
 * - After any DDL through the pool (a migration, a test's schema) the names start afresh: a
 *   statement planned before `alter table` could otherwise answer "cached plan must not change
 *   result type" for a `select *`.
 * - At most MAX_NAMED texts get a name (a process runs a few hundred; `in (...)` lists of every
 *   length make the set open-ended); the rest stay unnamed.
 */
import { createHash } from "node:crypto";
import type pg from "pg";

export const MAX_NAMED = 2000;

const DDL = /^\s*(alter|create|drop|truncate|comment|grant|revoke)\b/i;

let generation = 0;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) return undefined;
    // 27 characters of base64url: well under PostgreSQL's 63-byte identifiers.
    name = `k${generation}_${createHash("sha1").update(text).digest("base64url")}`;
    names.set(text, name);
  }
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** Makes a pool's clients send parameterized queries as named statements (call once per pool). */
export function prepareStatementsByName(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (...args) => {
      const [text, values, callback] = args;
      if (typeof text === "string") {
        if (DDL.test(text)) {
          generation++;
          names.clear();
        } else if (Array.isArray(values) && values.length > 0 && callback === undefined) {
          const name = nameOf(text);
          if (name !== undefined) return query({ name, text, values });
        }
      }
      return query(...args);
    };
    client.query = named as typeof client.query;
  });
}
