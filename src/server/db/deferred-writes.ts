/**
 * Deferred writes on PostgreSQL (issue 13: placement >= 500 orders/s at 16 connections). Every
 * placement of a store's day takes the row lock of its daily-number counter and holds it until its
 * COMMIT, so a store's placements run one after another from that statement on; each statement
 * after it is a round trip, which waits for this process's event loop and for a core, and
 * measured under load that wait, not PostgreSQL's work, was most of the lock's time (the counter's
 * upsert waited 50-70 ms on average at 16 connections). A write whose result nobody reads (the
 * order's lines, its status-event job) need not be a round trip of its own: marked with
 * `deferredWrite`, inside a transaction it is kept on the connection and sent with the next
 * write as a data-modifying `WITH` (one statement, one round trip: the lines and the job go out with
 * the stored answer), so the lock is held for 4 round trips instead of 6.
 *
 * Safe because:
 * - a kept write is sent before anything that could see it: it is merged only into a write that
 *   names none of the kept writes' tables; any other statement (a read, COMMIT, a savepoint) sends
 *   the kept writes first, one by one, as before; a ROLLBACK drops them;
 * - every part of a `WITH` runs exactly once, whether or not the statement reads it, and in the
 *   same transaction: an error in a kept write fails the statement it went with, so the
 *   transaction rolls back as it did;
 * - outside a transaction (autocommit) and on SQLite the write runs at once, as any other.
 * The marker is a comment at the end of the SQL, so SQLite and logs see an ordinary statement.
 */
import { type Expression, sql } from "kysely";

/** The comment that marks a write as deferrable (kept in the SQL text, so compiledOnce keeps it). */
export const DEFERRED_WRITE_MARK = "/* deferred write */";

/** Appended with `.modifyEnd(deferredWrite())` to an insert whose result is not read. */
export function deferredWrite(): Expression<unknown> {
  return sql.raw(DEFERRED_WRITE_MARK);
}

interface Kept {
  text: string;
  values: unknown[];
  table: string;
}

const INSERT_INTO = /^\s*insert\s+into\s+"([^"]+)"/i;
const WRITE = /^\s*(insert|update|delete)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*;?\s*$/i;

/** A query as pg's client takes it: `query(text, values)` returns its result. */
export type SendQuery = (text: string, values: unknown[] | undefined) => Promise<unknown>;

/** The kept writes of one connection, and what to do with each query sent on it. */
export class DeferredWrites {
  #inTransaction = false;
  #kept: Kept[] = [];

  /** Sends `text` (through `send`), keeping, merging or first sending kept writes as described above. */
  query(text: string, values: unknown[] | undefined, send: SendQuery): Promise<unknown> {
    if (BEGIN.test(text)) this.#inTransaction = true;
    const table = INSERT_INTO.exec(text)?.[1];
    if (
      this.#inTransaction &&
      table !== undefined &&
      text.trimEnd().endsWith(DEFERRED_WRITE_MARK) &&
      Array.isArray(values)
    ) {
      this.#kept.push({ text, values, table });
      // What Kysely reads of a result; "DEFERRED" is no count it would turn into a number.
      return Promise.resolve({ command: "DEFERRED", rowCount: null, rows: [] });
    }
    if (END.test(text)) {
      this.#inTransaction = false;
      if (ROLLBACK.test(text)) this.#kept = [];
    }
    if (this.#kept.length === 0) return send(text, values);
    const kept = this.#kept;
    this.#kept = [];
    if (WRITE.test(text) && Array.isArray(values) && kept.every((write) => !text.includes(`"${write.table}"`))) {
      return send(...merged(kept, text, values));
    }
    return sendInTurn(kept, send).then(() => send(text, values));
  }
}

/** `with deferred_1 as (...), ... <write>`, the parameters renumbered in order. */
function merged(kept: readonly Kept[], text: string, values: unknown[]): [string, unknown[]] {
  const parts: string[] = [];
  const all: unknown[] = [];
  for (const [index, write] of kept.entries()) {
    parts.push(`deferred_${index + 1} as (${renumbered(withoutMark(write.text), all.length)})`);
    all.push(...write.values);
  }
  const main = renumbered(text, all.length);
  all.push(...values);
  return [`with ${parts.join(", ")} ${main}`, all];
}

function withoutMark(text: string): string {
  return text.trimEnd().slice(0, -DEFERRED_WRITE_MARK.length).trimEnd();
}

/** Kysely writes every value as a $n parameter, so a `$` and digits in its SQL text is one. */
function renumbered(text: string, offset: number): string {
  return offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}

async function sendInTurn(kept: readonly Kept[], send: SendQuery): Promise<void> {
  for (const write of kept) await send(write.text, write.values);
}
