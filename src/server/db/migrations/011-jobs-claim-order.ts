/**
 * Migration 011 (the write path): the job worker claims the oldest due jobs
 * (`jobs/job-queue.ts` claimDueJobs: state PENDING, due, unleased, by id, a batch at a time).
 * jobs_due (state, run_after) found every due pending job and sorted them all by id for each
 * claim, so under a backlog (thousands of status events behind a full beach's orders) every claim
 * cost more, inside SQLite's one write transaction. Pending jobs in id order (state, id) let a claim
 * stop after its batch; jobs_due served nothing else.
 */
import type { Kysely, Migration } from "kysely";

export function jobsClaimOrderSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema.createIndex("jobs_pending_by_id").on("jobs").columns(["state", "id"]).execute();
      await db.schema.dropIndex("jobs_due").execute();
    },
  };
}
