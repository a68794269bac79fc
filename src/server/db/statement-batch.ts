/**
 * Writes of one transaction that need nothing from each other's answers, sent together: on
 * PostgreSQL as one statement (every write but the last becomes a data-modifying WITH clause of
 * the last), so a placement's lines, its job and its stored answer cost one round trip instead
 * of three; on SQLite, in the process, one after another as before.
 *
 * What PostgreSQL guarantees for such a statement is what the writes need: all of them or none,
 * foreign keys checked at its end, every clause run even when nothing reads its rows. The writes
 * must touch different rows (one statement may not change a row twice) and must not read what
 * another of them writes (they share one snapshot). The answer is the last write's: its rows and
 * the rows it changed.
 *
 * Plugins see the batch once, as its last write (a statement counter counts one round trip on
 * PostgreSQL, each write on SQLite).
 */
import { type CompiledQuery, createQueryId, type Kysely, PostgresAdapter, type QueryResult } from "kysely";
import type { Database } from "./schema";

export async function runBatched<Row>(
  db: Kysely<Database>,
  writes: readonly CompiledQuery[],
  last: CompiledQuery<Row>,
): Promise<QueryResult<Row>> {
  const executor = db.getExecutor();
  if (!(executor.adapter instanceof PostgresAdapter)) {
    for (const write of writes) await runOne(db, write);
    return runOne(db, last);
  }
  if (writes.length === 0) return runOne(db, last);
  const parameters: unknown[] = [];
  const renumbered = (compiled: CompiledQuery) => {
    const offset = parameters.length;
    parameters.push(...compiled.parameters);
    // Kysely names PostgreSQL parameters $1..$n and puts every value in a parameter.
    return compiled.sql.replace(/\$(\d+)/g, (_, index: string) => `$${Number(index) + offset}`);
  };
  const clauses = writes.map((write, index) => `w${index} as (${renumbered(write)})`);
  const sql = `with ${clauses.join(", ")} ${renumbered(last)}`;
  const queryId = createQueryId();
  const query = executor.transformQuery(last.query, queryId);
  return executor.executeQuery<Row>({ query, queryId, sql, parameters });
}

function runOne<Row>(db: Kysely<Database>, compiled: CompiledQuery<Row>): Promise<QueryResult<Row>> {
  const executor = db.getExecutor();
  const queryId = createQueryId();
  const query = executor.transformQuery(compiled.query, queryId);
  if (query === compiled.query) return executor.executeQuery<Row>({ ...compiled, queryId });
  const recompiled = executor.compileQuery<Row>(query, queryId);
  return executor.executeQuery<Row>({ ...recompiled, parameters: compiled.parameters });
}
