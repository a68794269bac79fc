/**
 * What the database costs a scrape: two counts over the jobs' (state, ...) index, and the SQLite
 * WAL file's size (a checkpoint that cannot keep up shows as a growing file) or the PostgreSQL
 * pool's waiting requests (a pool too small for the load shows as a queue).
 */
import { stat } from "node:fs/promises";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export type DatabaseMetricsSource =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; pool: { readonly waitingCount: number; readonly totalCount: number } };

export interface JobCounts {
  pending: number;
  failed: number;
}

export async function countJobs(db: Kysely<Database>): Promise<JobCounts> {
  const rows = await db
    .selectFrom("jobs")
    .select(["state", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("state", "in", ["PENDING", "DEAD"])
    .groupBy("state")
    .execute();
  const counts: JobCounts = { pending: 0, failed: 0 };
  for (const row of rows) {
    if (row.state === "PENDING") counts.pending = Number(row.count);
    else counts.failed = Number(row.count);
  }
  return counts;
}

/** The -wal file beside the database; 0 when there is none (after a clean close). */
export async function walFileBytes(databaseFile: string): Promise<number> {
  try {
    return (await stat(`${databaseFile}-wal`)).size;
  } catch {
    return 0;
  }
}
