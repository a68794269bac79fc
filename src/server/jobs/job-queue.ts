/**
 * The job table's reads and writes (a transactional outbox): work that follows a
 * committed change is inserted in that change's transaction, so the change and its follow-up commit
 * or roll back together; a kill -9 after the commit loses nothing, the next worker runs it.
 *
 * Claims work on SQLite and PostgreSQL alike: a conditional UPDATE
 * `... set claimed_by, lease_until where id = ? and state = 'PENDING' and (lease_until is null or
 * lease_until < now)`. On PostgreSQL a second UPDATE of the same row waits for the first to commit
 * and then finds the lease set, so exactly one worker gets it; SQLite runs one writer at a time. A
 * worker that died holding a job leaves its lease to run out, and then any worker takes the job over.
 * Attempts are counted at the claim, so a job that crashes its process each time still reaches DEAD.
 */
import type { CompiledQuery, ExpressionBuilder, Kysely } from "kysely";
import { withAdvisoryCommit } from "../db/advisory-commit";
import { toJsonText } from "../db/columns";
import { compiledOnce } from "../db/compiled-once";
import type { Database } from "../db/schema";
import type { JobKind, JobRow, NewJobRow } from "../db/tables/jobs.table";

export interface NewJob {
  kind: JobKind;
  orderId: number | null;
  payload: unknown;
  /** Not before this instant (a safety net that must wait); default: due at once. */
  runAfter?: string;
}

/** Inserts the jobs inside the caller's transaction; they are due at once unless they say otherwise. */
export async function enqueueJobs(trx: Kysely<Database>, jobs: readonly NewJob[], now: string): Promise<void> {
  if (jobs.length === 0) return;
  await jobsInsert(trx, jobRows(jobs, now));
}

/** The insert of `enqueueJobs`, compiled to be sent with the transaction's last writes (statement-batch.ts). */
export function enqueueJobsQuery(
  trx: Kysely<Database>,
  jobs: readonly [NewJob, ...NewJob[]],
  now: string,
): CompiledQuery {
  return jobsInsert.compile(trx, jobRows(jobs, now));
}

function jobRows(jobs: readonly NewJob[], now: string): NewJobRow[] {
  return jobs.map((job) => ({
    kind: job.kind,
    order_id: job.orderId,
    payload: toJsonText(job.payload),
    state: "PENDING" as const,
    run_after: job.runAfter ?? now,
    claimed_by: null,
    lease_until: null,
    last_error: null,
    created_at: now,
    done_at: null,
  }));
}

const jobsInsert = compiledOnce((db, rows: NewJobRow[]) => db.insertInto("jobs").values(rows));

/**
 * Claims up to `limit` due jobs for this worker, oldest first; each is claimed by one worker only.
 * One conditional UPDATE for the batch (not a select and then an update per job, which would cost a
 * statement per job): a job another worker claimed meanwhile no longer matches
 * `state`/`lease_until` when this update reaches it (PostgreSQL re-checks a row it waited for), so
 * it is left out.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  workerId: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<JobRow[]> {
  const claimed = await withAdvisoryCommit(db, (db) =>
    claimDueJobsQuery(db, workerId, now, leaseMs, limit).returningAll().execute(),
  );
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * The claim's UPDATE. Its subquery walks the pending jobs in id order (index jobs_pending_by_id,
 * migration 011) and stops after `limit` due ones, so a claim costs the same under any backlog.
 */
export function claimDueJobsQuery(db: Kysely<Database>, workerId: string, now: Date, leaseMs: number, limit: number) {
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const unleased = (eb: ExpressionBuilder<Database, "jobs">) =>
    eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowIso)]);
  const due = db
    .selectFrom("jobs")
    .select("id")
    .where("state", "=", "PENDING")
    .where("run_after", "<=", nowIso)
    .where(unleased)
    .orderBy("id")
    .limit(limit);
  return db
    .updateTable("jobs")
    .set((eb) => ({ claimed_by: workerId, lease_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", due)
    .where("state", "=", "PENDING")
    .where(unleased);
}

/**
 * Done, several at once (one statement for the jobs a worker finished meanwhile, not one
 * transaction each); a job whose lease was taken over changes nothing (the new holder finishes it).
 */
export async function completeJobs(
  db: Kysely<Database>,
  jobs: readonly Pick<JobRow, "id">[],
  workerId: string,
  now: Date,
): Promise<void> {
  if (jobs.length === 0) return;
  await withAdvisoryCommit(db, (db) =>
    db
      .updateTable("jobs")
      .set({ state: "DONE", done_at: now.toISOString(), lease_until: null, last_error: null })
      .where(
        "id",
        "in",
        jobs.map((job) => job.id),
      )
      .where("claimed_by", "=", workerId)
      .where("state", "=", "PENDING")
      .execute(),
  );
}

/** A failed attempt: due again after `retryAfterMs`, or DEAD when `dead`. */
export async function failJob(
  db: Kysely<Database>,
  job: JobRow,
  workerId: string,
  failure: { error: string; now: Date; retryAfterMs: number; dead: boolean },
): Promise<void> {
  const { now } = failure;
  await withAdvisoryCommit(db, (db) =>
    db
      .updateTable("jobs")
      .set({
        state: failure.dead ? "DEAD" : "PENDING",
        run_after: new Date(now.getTime() + failure.retryAfterMs).toISOString(),
        lease_until: null,
        claimed_by: null,
        last_error: failure.error.slice(0, 500),
        done_at: failure.dead ? now.toISOString() : null,
      })
      .where("id", "=", job.id)
      .where("claimed_by", "=", workerId)
      .where("state", "=", "PENDING")
      .execute(),
  );
}

/** Finished jobs are kept a while (the status-event replay reads them), then deleted. */
export async function deleteDoneJobsBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom("jobs").where("state", "=", "DONE").where("done_at", "<", before).execute();
}
