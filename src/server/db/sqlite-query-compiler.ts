/**
 * Kysely's SQLite compiler with LIMIT and OFFSET numbers written into the SQL text instead of bound
 * as parameters. SQLite lets the query planner use a LIMIT's value, so binding
 * one marks the prepared statement expired and every run prepares it anew: a placement's
 * membership lookup (`limit ?`) cost 27 µs instead of about 1, and the job worker's claim was
 * re-planned on every claim. Only safe integers are written out (they cannot carry SQL); anything
 * else (a compiledOnce stand-in, an expression) stays as Kysely compiles it.
 */
import { type LimitNode, type OffsetNode, type OperationNode, SqliteQueryCompiler, ValueNode } from "kysely";

function literalInteger(node: OperationNode): number | null {
  return ValueNode.is(node) && Number.isSafeInteger(node.value) ? (node.value as number) : null;
}

export class LiteralLimitSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const value = literalInteger(node.limit);
    if (value === null) super.visitLimit(node);
    else this.append(`limit ${value}`);
  }

  protected override visitOffset(node: OffsetNode): void {
    const value = literalInteger(node.offset);
    if (value === null) super.visitOffset(node);
    else this.append(`offset ${value}`);
  }
}
