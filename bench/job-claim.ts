/**
 * The job worker's claim under a backlog (migration 011, jobs/job-queue.ts):
 * `npx tsx bench/job-claim.ts`. On a throwaway SQLite file (synchronous FULL, as the server runs)
 * with 5,000 finished jobs, a backlog of 100, 1,000 and 5,000 pending ones is claimed 8 at a time,
 * each batch marked done before the next claim as the worker does; mean µs per claim with each
 * index the claim could use: the one it uses now (pending jobs by id) and the one before
 * (due jobs by run_after, which every claim had to sort by id). Same process, same file; a
 * first pass warms the statements. Prints a line per index.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { databaseTarget, openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import type { NewJobRow } from "../src/server/db/tables/jobs.table";
import { claimDueJobs, completeJobs } from "../src/server/jobs/job-queue";

const BACKLOGS = [100, 1_000, 5_000];
const CLAIMS = 50;
const BATCH = 8;

const dir = mkdtempSync(path.join(tmpdir(), "venue-bench-claim-"));
const { db } = openDatabase(databaseTarget(null, dir));
const at = new Date("2026-07-01T09:00:00.000Z");
const later = new Date(at.getTime() + 1_000);

function jobs(count: number, state: "PENDING" | "DONE"): NewJobRow[] {
  return Array.from({ length: count }, () => ({
    kind: "status-event",
    order_id: null,
    payload: "{}",
    state,
    attempts: 0,
    run_after: at.toISOString(),
    claimed_by: null,
    lease_until: null,
    last_error: null,
    created_at: at.toISOString(),
    done_at: state === "DONE" ? at.toISOString() : null,
  }));
}

async function fill(pending: number): Promise<void> {
  await db.deleteFrom("jobs").execute();
  for (let i = 0; i < 50; i++) await db.insertInto("jobs").values(jobs(100, "DONE")).execute();
  for (let i = 0; i < pending / 100; i++) await db.insertInto("jobs").values(jobs(100, "PENDING")).execute();
}

async function microsPerClaim(backlog: number): Promise<number> {
  await fill(backlog);
  let spent = 0;
  for (let i = 0; i < CLAIMS; i++) {
    const started = performance.now();
    const claimed = await claimDueJobs(db, "bench", later, 60_000, BATCH);
    spent += performance.now() - started;
    await completeJobs(db, claimed, "bench", later);
  }
  return (spent / CLAIMS) * 1000;
}

async function report(label: string): Promise<void> {
  const figures: string[] = [];
  for (const backlog of BACKLOGS) figures.push(`${(await microsPerClaim(backlog)).toFixed(0)} µs`);
  console.log(`${label.padEnd(42)} ${figures.join(" / ")}  (backlog ${BACKLOGS.join(" / ")})`);
}

try {
  await migrateToLatest(db, "sqlite");
  await report("warm-up");
  await sql`drop index jobs_pending_by_id`.execute(db);
  await sql`create index jobs_due on jobs (state, run_after)`.execute(db);
  await report("before: jobs_due (state, run_after)");
  await sql`drop index jobs_due`.execute(db);
  await sql`create index jobs_pending_by_id on jobs (state, id)`.execute(db);
  await report("now: jobs_pending_by_id (state, id)");
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
