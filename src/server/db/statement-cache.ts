/**
 * better-sqlite3 statements prepared once and reused (preparing every statement
 * anew costs a tenth of the server's CPU in a placement profile). Kysely's SqliteDialect calls
 * `prepare(sql)` for every query it runs; this stands in for the Database it is given and keeps
 * the statements of the last CAPACITY distinct SQL texts (least recently used go first: `in (?, ?)`
 * lists of every length make the set of texts open-ended).
 *
 * It also notes what the statements run since it was last asked wrote (`takeWrites`), which the
 * durable driver (durable-sqlite.ts) turns into "wait for the disk". Two kinds of write are
 * advisory, and a transaction of nothing else waits for no sync of its own:
 * - the rate-limit tables: events lost in a power cut let a guest through a few more times, and
 *   the work a limit guards commits after them in the same log, so the sync that answers that
 *   work covers them (it was a second fsync wait per guest order);
 * - a job's claim, completion or failure (`update "jobs"`, jobs/job-queue.ts): lost, the job runs
 *   again, which every job allows (at least once, each idempotent); what a job writes elsewhere
 *   still waits. Two sync waits per job made the worker run at most one job per two fsyncs, so
 *   under a full beach the status events fell minutes behind the orders. A job's insert is
 *   never advisory (it commits with the change it follows).
 */
import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

export const STATEMENT_CACHE_CAPACITY = 500;

/** Kysely's transaction control: no data written by itself. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Statements whose rows may be lost in a power cut (see above): the rate limits', a job's state. */
const ADVISORY_WRITE = /^\s*((insert\s+into|update|delete\s+from)\s+"rate_limit_(keys|events)"|update\s+"jobs"\s)/i;

/** What statements wrote: nothing, only advisory rows (rate limits), or data that must be durable before an answer. */
export type Writes = "none" | "advisory" | "durable";

export const WEIGHT: Record<Writes, number> = { none: 0, advisory: 1, durable: 2 };

function writesOf(statement: BetterSqlite3.Statement, sql: string): Writes {
  if (statement.reader || TRANSACTION_CONTROL.test(sql)) return "none";
  return ADVISORY_WRITE.test(sql) ? "advisory" : "durable";
}

export class StatementCache implements SqliteDatabase {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  /** What each SQL text writes, worked out once per text. */
  readonly #writes = new Map<string, Writes>();
  #wrote: Writes = "none";

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
    let writes = this.#writes.get(sql);
    if (writes === undefined) {
      writes = writesOf(statement, sql);
      if (this.#writes.size >= this.capacity * 4) this.#writes.clear();
      this.#writes.set(sql, writes);
    }
    if (WEIGHT[writes] > WEIGHT[this.#wrote]) this.#wrote = writes;
    return statement;
  }

  /** What the statements prepared (Kysely runs what it prepares) since the last call wrote. */
  takeWrites(): Writes {
    const wrote = this.#wrote;
    this.#wrote = "none";
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
