/**
 * The job worker: runs the after-commit jobs of src/server/jobs/job-queue.ts.
 *
 * - Nudged after a commit in its own process (ctx.jobs.nudge()), so a job usually runs within
 *   milliseconds; the nudge runs as background work, so `ctx.background.settled()` waits for it.
 * - Polls every `pollIntervalMs` for jobs written by other processes, jobs whose backoff ran out
 *   and jobs whose holder died (lease expired); the first poll runs at start, so work a killed
 *   process left behind is picked up when any process starts.
 * - A failed attempt is retried after an exponential backoff (`retryInitialMs` doubling up to
 *   `retryMaxMs`, with up to 25% jitter); after `maxAttempts` the job is DEAD and logged as an error.
 * - Every `reconcileIntervalMs` (the first one interval after start, so a process whose clock is
 *   still being set up, as the dev clock is, deletes nothing by it) it runs the payment
 *   reconciliation (reconcile.ts) and deletes done jobs older than a day.
 * - Several jobs run at once (one at a time, the status events would fall behind the orders),
 *   at most CONCURRENCY, but an order's jobs one after another in id order (its statuses must not
 *   reach a screen out of order): a job waits for the one before it of the same order that this
 *   worker holds. Jobs it finished meanwhile are marked done in one statement.
 * - Its claims and completions go through `queueDb`: on PostgreSQL the advisory connections
 *   (OrdersContext.advisoryDb), whose commits do not wait for the WAL flush; otherwise the app's
 *   handle.
 * - stop() ends polling, lets the jobs it holds finish, and nudges no more (graceful shutdown).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { JobsConfig } from "../config";
import { whenCommitsDurable } from "../db/durable-sqlite";
import type { Database } from "../db/schema";
import type { JobRow } from "../db/tables/jobs.table";
import type { JobNudge, OrdersContext } from "../orders/context";
import { failurePlan } from "./failure-plan";
import { runJob } from "./handlers";
import { claimDueJobs, completeJobs, deleteDoneJobsBefore, failJob } from "./job-queue";
import { reconcilePayments } from "./reconcile";

/** Jobs run at once: each mostly waits for the database or a provider, not for this process's CPU. */
export const CONCURRENCY = 8;
/** Jobs held (claimed, not yet finished) at most: few, so a shutdown waits for little. */
const HELD_AT_MOST = 4 * CONCURRENCY;
/** Done jobs are kept this long (the status-event replay after a LISTEN gap reads them). */
const DONE_RETENTION_MS = 24 * 60 * 60_000;

type JobLine = number | string;

/**
 * The jobs that must run one after another share a line: an order's (its statuses in order), and
 * per kind the live events of no order (opening and call events are read when run: two at once
 * could publish an older reading after a newer one). A card's capture or void and a receipt's
 * e-mail act on their own row and wait for an outside provider, so each runs on a line of its own:
 * a slow provider must not hold back every store's live events.
 */
export function lineOf(job: Pick<JobRow, "id" | "kind" | "order_id">): JobLine {
  if (job.order_id !== null) return job.order_id;
  return job.kind === "bill-payment" || job.kind === "payment-receipt-email" ? `job ${job.id}` : job.kind;
}

export class JobWorker implements JobNudge {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  #draining: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #lastHousekeeping = 0;
  #housekeeping: Promise<void> | null = null;
  /** Claimed jobs not finished yet, each settling when its job has run (or failed). */
  readonly #held = new Set<Promise<void>>();
  /** Per line (lineOf), the last job held: the next one runs after it. */
  readonly #lastInLine = new Map<JobLine, Promise<void>>();
  #running = 0;
  readonly #waitingForSlot: (() => void)[] = [];
  /** Jobs run and not yet marked done, and the statement marking the previous ones. */
  #finished: JobRow[] = [];
  #marking: Promise<void> | null = null;

  constructor(
    private readonly ctx: OrdersContext,
    private readonly config: JobsConfig,
    private readonly log: FastifyBaseLogger,
    /** Where jobs are claimed and marked done: PostgreSQL's advisory connections, else the app's handle. */
    private readonly queueDb: Kysely<Database> = ctx.advisoryDb ?? ctx.db,
  ) {}

  /** After a commit that wrote jobs: run them now, in the background. */
  nudge(): void {
    if (this.#stopped) return;
    this.ctx.background.run("after-commit jobs", () => this.drain());
  }

  /** Runs every due job this worker can claim; a call while running makes the running pass go round again. */
  drain(): Promise<void> {
    if (this.#draining !== null) {
      this.#again = true;
      return this.#draining;
    }
    this.#draining = this.#drainLoop().finally(() => {
      this.#draining = null;
    });
    return this.#draining;
  }

  start(): void {
    if (this.#stopped || this.#timer !== undefined) return;
    this.#lastHousekeeping = Date.now();
    this.#timer = setInterval(() => this.#tick(), this.config.pollIntervalMs);
    this.#timer.unref();
    this.#tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.allSettled([this.#draining, this.#housekeeping]);
  }

  /** The reconciliation and clean-up, now (tests; the poll runs it every reconcileIntervalMs). */
  async housekeeping(): Promise<void> {
    const result = await reconcilePayments(this.ctx, this.config.reconcileGraceMs);
    if (result.captured.length + result.voided.length + result.failed.length > 0) {
      this.log.warn(result, "payment reconciliation settled payments left AUTHORIZED after their order's outcome");
    }
    const before = new Date(this.ctx.now().getTime() - DONE_RETENTION_MS).toISOString();
    await deleteDoneJobsBefore(this.ctx.db, before);
  }

  #tick(): void {
    this.drain().catch((error: unknown) => this.log.error({ err: error }, "job worker poll failed"));
    if (this.#housekeeping !== null || Date.now() - this.#lastHousekeeping < this.config.reconcileIntervalMs) return;
    this.#lastHousekeeping = Date.now();
    this.#housekeeping = this.housekeeping()
      .catch((error: unknown) => this.log.error({ err: error }, "payment reconciliation failed"))
      .finally(() => {
        this.#housekeeping = null;
      });
  }

  async #drainLoop(): Promise<void> {
    try {
      do {
        this.#again = false;
        while (!this.#stopped) {
          if (this.#held.size >= HELD_AT_MOST) {
            await Promise.race(this.#held);
            continue;
          }
          const limit = HELD_AT_MOST - this.#held.size;
          const jobs = await claimDueJobs(this.queueDb, this.id, this.ctx.now(), this.config.leaseMs, limit);
          // A job read from a SQLite commit not yet on disk (or still to be made: the batched
          // commits of db/durable-sqlite.ts) runs once it is, as an HTTP answer waits: what a job
          // tells the outside (a status event, a message, a capture) is never undone by a crash.
          if (jobs.length > 0) await whenCommitsDurable();
          // Oldest first: an order's earlier job is scheduled before its later ones.
          for (const job of jobs) this.#hold(job);
          // Fewer than asked for: nothing else was due. A job committed after this claim comes with
          // a nudge (#again), so no claim that finds nothing is needed after every batch (under load
          // that empty claim was about a fifth of the worker's statements).
          if (jobs.length < limit) break;
        }
        // Claimed jobs are finished even when stopping: their lease would hold them back otherwise.
        await Promise.all(this.#held);
      } while (this.#again && !this.#stopped);
    } finally {
      await Promise.all(this.#held);
      await this.#allMarked();
    }
  }

  /** Runs a claimed job after the previous one of its line (lineOf), when a slot is free. */
  #hold(job: JobRow): void {
    const line = lineOf(job);
    const previous = this.#lastInLine.get(line) ?? Promise.resolve();
    const done = previous
      .then(() => this.#inSlot(() => this.#run(job)))
      .finally(() => {
        this.#held.delete(done);
        if (this.#lastInLine.get(line) === done) this.#lastInLine.delete(line);
      });
    this.#held.add(done);
    this.#lastInLine.set(line, done);
  }

  async #inSlot(work: () => Promise<void>): Promise<void> {
    if (this.#running >= CONCURRENCY) await new Promise<void>((resolve) => this.#waitingForSlot.push(resolve));
    else this.#running++;
    try {
      await work();
    } finally {
      // The slot passes straight to the next waiter, or is given back.
      const next = this.#waitingForSlot.shift();
      if (next !== undefined) next();
      else this.#running--;
    }
  }

  /** Never throws: a job's failure is recorded, a bookkeeping failure logged. */
  async #run(job: JobRow): Promise<void> {
    try {
      await runJob(this.ctx, job);
    } catch (error) {
      await this.#failed(job, error);
      return;
    }
    this.#finished.push(job);
    void this.#markFinished();
  }

  /** Marks the jobs run so far done, in one statement at a time; jobs run meanwhile go in the next one. */
  #markFinished(): Promise<void> {
    this.#marking ??= (async () => {
      while (this.#finished.length > 0) {
        const jobs = this.#finished;
        this.#finished = [];
        await completeJobs(this.queueDb, jobs, this.id, this.ctx.now()).catch((error: unknown) =>
          // The work is done; the jobs run again after their lease, harmlessly (each job is idempotent).
          this.log.error({ err: error, jobIds: jobs.map((job) => job.id) }, "could not mark jobs done"),
        );
      }
    })().finally(() => {
      this.#marking = null;
      // A job that finished between the last statement and now.
      if (this.#finished.length > 0) void this.#markFinished();
    });
    return this.#marking;
  }

  async #allMarked(): Promise<void> {
    while (this.#marking !== null || this.#finished.length > 0) await this.#markFinished();
  }

  async #failed(job: JobRow, error: unknown): Promise<void> {
    const { dead, retryAfterMs } = failurePlan(this.config, job, this.ctx.now());
    const message = error instanceof Error ? error.message : String(error);
    const details = { jobId: job.id, kind: job.kind, orderId: job.order_id, attempts: job.attempts, err: error };
    if (dead) this.log.error(details, "job failed for the last time: DEAD, a person must look at it");
    else this.log.warn({ ...details, retryAfterMs }, "job failed: will retry");
    await failJob(this.queueDb, job, this.id, { error: message, now: this.ctx.now(), retryAfterMs, dead }).catch(
      (failure: unknown) => this.log.error({ err: failure, jobId: job.id }, "could not record a job's failure"),
    );
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's job worker (buildApp); tests drain it and read its id. */
    jobWorker: JobWorker;
  }
}
