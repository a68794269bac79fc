/**
 * better-sqlite3 statements prepared once and reused (issue 13 item 5: preparing every statement
 * anew was a tenth of the server's CPU in a placement profile). Kysely's SqliteDialect calls
 * `prepare(sql)` for every query it runs; this stands in for the Database it is given and keeps
 * the statements of the last CAPACITY distinct SQL texts (least recently used go first: `in (?, ?)`
 * lists of every length make the set of texts open-ended).
 *
 * It also notes whether a statement that writes was run since it was last asked
 * (`takeWrites`), which the durable driver (durable-sqlite.ts) turns into "wait for the disk".
 */
import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

export const STATEMENT_CACHE_CAPACITY = 500;

/** Kysely's transaction control: no data written by itself. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

export class StatementCache implements SqliteDatabase {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  #wrote = false;

  constructor(
    readonly database: BetterSqlite3.Database,
    readonly capacity = STATEMENT_CACHE_CAPACITY,
  ) {}

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    // Re-inserted on every use: a Map keeps insertion order, so its first key is the least recent.
    if (statement !== undefined) this.#statements.delete(sql);
    // A statement still being iterated (Kysely's streamQuery) cannot run twice at once: a fresh one.
    if (statement === undefined || statement.busy) statement = this.database.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.capacity) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    if (!statement.reader && !TRANSACTION_CONTROL.test(sql)) this.#wrote = true;
    return statement;
  }

  /** Whether a writing statement was prepared (Kysely runs what it prepares) since the last call. */
  takeWrites(): boolean {
    const wrote = this.#wrote;
    this.#wrote = false;
    return wrote;
  }

  get size(): number {
    return this.#statements.size;
  }

  close(): void {
    this.#statements.clear();
    this.database.close();
  }
}
