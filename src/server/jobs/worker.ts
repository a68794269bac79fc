/**
 * The job worker (issue 11 item 1): runs the after-commit jobs of src/server/jobs/job-queue.ts.
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
 * - stop() ends polling, lets the jobs it holds finish, and nudges no more (graceful shutdown).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { JobsConfig } from "../config";
import type { JobRow } from "../db/tables/jobs.table";
import type { JobNudge, OrdersContext } from "../orders/context";
import { runJob } from "./handlers";
import { claimDueJobs, completeJobs, deleteDoneJobsBefore, failJob } from "./job-queue";
import { reconcilePayments } from "./reconcile";

/** Jobs claimed per round: few, so a shutdown waits for little. */
const BATCH = 10;
/** Done jobs are kept this long (the status-event replay after a LISTEN gap reads them). */
const DONE_RETENTION_MS = 24 * 60 * 60_000;

export class JobWorker implements JobNudge {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  #draining: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #lastHousekeeping = 0;
  #housekeeping: Promise<void> | null = null;

  constructor(
    private readonly ctx: OrdersContext,
    private readonly config: JobsConfig,
    private readonly log: FastifyBaseLogger,
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
    do {
      this.#again = false;
      while (!this.#stopped) {
        const jobs = await claimDueJobs(this.ctx.db, this.id, this.ctx.now(), this.config.leaseMs, BATCH);
        if (jobs.length === 0) break;
        // Claimed jobs are finished even when stopping: their lease would hold them back otherwise.
        // The done jobs are marked together, one commit for many (issue 13 item 5), but before a
        // job that waits on the outside (a provider may hang until the process dies): a crash
        // then repeats only that job, not the quick ones done before it.
        let done: JobRow[] = [];
        for (const job of jobs) {
          if (callsOutside(job)) done = await this.#completed(done);
          if (await this.#run(job)) done.push(job);
        }
        await this.#completed(done);
      }
    } while (this.#again && !this.#stopped);
  }

  /** Marks the jobs done in one statement; returns the empty list to go on with. */
  async #completed(done: readonly JobRow[]): Promise<JobRow[]> {
    // A crash before this runs them again after their lease, harmlessly (each job is idempotent).
    await completeJobs(this.ctx.db, done, this.id, this.ctx.now()).catch((error: unknown) =>
      this.log.error({ err: error, jobIds: done.map((job) => job.id) }, "could not mark jobs done"),
    );
    return [];
  }

  /** Runs one job; false when it failed (its failure is recorded). */
  async #run(job: JobRow): Promise<boolean> {
    try {
      await runJob(this.ctx, job);
      return true;
    } catch (error) {
      await this.#failed(job, error);
      return false;
    }
  }

  async #failed(job: JobRow, error: unknown): Promise<void> {
    const dead = job.attempts >= this.config.maxAttempts;
    const message = error instanceof Error ? error.message : String(error);
    const retryAfterMs = retryDelay(this.config, job.attempts);
    const details = { jobId: job.id, kind: job.kind, orderId: job.order_id, attempts: job.attempts, err: error };
    if (dead) this.log.error(details, "job failed for the last time: DEAD, a person must look at it");
    else this.log.warn({ ...details, retryAfterMs }, "job failed: will retry");
    await failJob(this.ctx.db, job, this.id, { error: message, now: this.ctx.now(), retryAfterMs, dead }).catch(
      (failure: unknown) => this.log.error({ err: failure, jobId: job.id }, "could not record a job's failure"),
    );
  }
}

/** Jobs that call a provider outside (payments, SMS, e-mail), which may take long or hang. */
function callsOutside(job: JobRow): boolean {
  return job.kind === "settle-payment" || job.kind === "outcome-message";
}

/** Exponential backoff after the nth attempt, capped, with up to 25% jitter (several processes spread out). */
export function retryDelay(config: Pick<JobsConfig, "retryInitialMs" | "retryMaxMs">, attempts: number): number {
  const base = Math.min(config.retryMaxMs, config.retryInitialMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + Math.random() / 4));
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's job worker (buildApp); tests drain it and read its id. */
    jobWorker: JobWorker;
  }
}
