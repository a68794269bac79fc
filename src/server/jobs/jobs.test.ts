/**
 * Durable after-commit work: the jobs of a status change are written in its own
 * commit, run by a worker that retries with backoff, claimed by one worker at a time, taken over
 * after a lease, idempotent, and backed by the payment reconciliation. SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { CompiledQuery, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderStatusEvent } from "../../domain/orders-api";
import { DEFAULT_JOBS_CONFIG, type JobsConfig } from "../config";
import { databaseTarget, openDatabase, openDurableSqlite } from "../db/database";
import type { JobRow } from "../db/tables/jobs.table";
import { type Messenger, MessengerError, type OutgoingMessage } from "../notify/messenger";
import { outboxMessenger } from "../notify/outbox";
import type { OrdersContext } from "../orders/context";
import { accept, reject, type StaffOfStore, timeOutExpired } from "../orders/status-changes";
import {
  insertAuthorizedPayment,
  insertGuest,
  insertOrder,
  RecordingPayments,
  SAMPLE,
  testOrdersContext,
} from "../orders/status-changes.test-support";
import { InProcessOrderEvents, type LiveEvent } from "../realtime/order-events";
import { MINUTE, SECOND, testClock } from "../test-support/clock";
import { importFixture } from "../test-support/seed";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { runJob } from "./handlers";
import { claimDueJobs, claimDueJobsQuery, enqueueJobs } from "./job-queue";
import { enqueueStatusChangeJobs, type StatusEventPayload } from "./order-jobs";
import { CONCURRENCY, JobWorker } from "./worker";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const STAFF: StaffOfStore = { userId: 1, storeId: SAMPLE.storeId };
const log = Fastify({ logger: false }).log;
/** Short, whole numbers, so a test moves the clock past them. */
const FAST: Partial<JobsConfig> = { leaseMs: 30 * SECOND, retryInitialMs: SECOND, retryMaxMs: 8 * SECOND };
let phoneCounter = 100;

beforeAll(async () => {
  await importFixture(database.db);
});

async function newGuest(): Promise<{ userId: number; phone: string }> {
  const phone = `+3069400${String(phoneCounter++).padStart(5, "0")}`;
  return { userId: await insertGuest(database.db, { phone }), phone };
}

async function cardOrder(userId: number): Promise<{ id: number; reference: string }> {
  const id = await insertOrder(database.db, { userId, createdAt: clock.now().toISOString(), paymentType: "CARD" });
  const reference = `ref-${id}`;
  await insertAuthorizedPayment(database.db, id, reference);
  return { id, reference };
}

async function jobsOf(orderId: number): Promise<JobRow[]> {
  return database.db.selectFrom("jobs").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

async function messagesTo(phone: string) {
  return database.db.selectFrom("outbox").selectAll().where("recipient", "=", phone).execute();
}

async function paymentState(orderId: number): Promise<string> {
  const row = await database.db
    .selectFrom("payments")
    .select("state")
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.state;
}

/** A context whose process "dies" right after each commit: the nudge never runs (kill -9). */
function killedAfterCommit(ctx: OrdersContext): OrdersContext {
  return { ...ctx, jobs: { nudge: () => undefined } };
}

/** Fails its first `failures` sends like a provider that is down, then stores in the outbox. */
class FlakyMessenger implements Messenger {
  calls = 0;
  readonly #inner: Messenger;
  constructor(private readonly failures: number) {
    this.#inner = outboxMessenger(database.db, log, clock.now);
  }
  async send(message: OutgoingMessage): Promise<void> {
    this.calls += 1;
    if (this.calls <= this.failures) throw new MessengerError("SMS provider unreachable");
    await this.#inner.send(message);
  }
}

class FlakyPayments extends RecordingPayments {
  attempts = 0;
  constructor(private readonly failures: number) {
    super();
  }
  override async capture(reference: string): Promise<void> {
    this.attempts += 1;
    if (this.attempts <= this.failures) throw new Error("payment provider 503");
    await super.capture(reference);
  }
}

describe("jobs are written in the change's own commit", () => {
  it("an accept of a card order commits its status event, capture and outcome message as jobs; a process killed right after the commit loses none of them", async () => {
    const guest = await newGuest();
    const { id, reference } = await cardOrder(guest.userId);
    const events: OrderStatusEvent[] = [];
    const bus = new InProcessOrderEvents();
    bus.subscribe((event) => events.push(event));
    const payments = new RecordingPayments();
    const dying = testOrdersContext(database.db, clock, { orderEvents: bus, payments, jobs: FAST });
    await accept(killedAfterCommit(dying), STAFF, id);
    await dying.background.settled();
    // Committed with the accept, nothing run yet: the process "died".
    expect((await jobsOf(id)).map((job) => [job.kind, job.state])).toEqual([
      ["status-event", "PENDING"],
      ["settle-payment", "PENDING"],
      ["outcome-message", "PENDING"],
    ]);
    expect(payments.captured).toEqual([]);
    expect(await messagesTo(guest.phone)).toEqual([]);
    // The next process's worker (its first poll at start) runs them.
    const restarted = testOrdersContext(database.db, clock, { orderEvents: bus, payments, jobs: FAST });
    await restarted.worker.drain();
    expect(payments.captured).toEqual([reference]);
    expect(await paymentState(id)).toBe("CAPTURED");
    expect(await messagesTo(guest.phone)).toHaveLength(1);
    expect(events.map((event) => [event.orderId, event.status])).toEqual([[id, "ACCEPTED"]]);
    expect((await jobsOf(id)).every((job) => job.state === "DONE")).toBe(true);
  });

  it("a job whose commit is not yet on disk runs once it is (SQLite's shared syncs: nothing told before it is durable)", async () => {
    const guest = await newGuest();
    const { id } = await cardOrder(guest.userId);
    const dir = mkdtempSync(path.join(tmpdir(), "jobs-durable-"));
    // A commit made in this process and not yet synced (on SQLite the accept's own is synced by the
    // time it returns; another request's may not be when the worker claims the jobs).
    const other = openDurableSqlite(path.join(dir, "venue.sqlite"));
    const pendingAtPublish: boolean[] = [];
    const bus = new InProcessOrderEvents();
    bus.subscribe(() => pendingAtPublish.push(other.barrier.pending));
    try {
      const ctx = testOrdersContext(database.db, clock, { orderEvents: bus, jobs: FAST });
      await accept(killedAfterCommit(ctx), STAFF, id);
      other.barrier.committed();
      await ctx.worker.drain();
      expect(pendingAtPublish).toEqual([false]);
    } finally {
      await other.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a transaction that rolls back leaves no job (the change and its follow-up commit together)", async () => {
    const guest = await newGuest();
    const { id } = await cardOrder(guest.userId);
    const now = clock.now().toISOString();
    await expect(
      database.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("orders")
          .set({ status: "ACCEPTED", decided_at: now, updated_at: now })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await enqueueStatusChangeJobs(trx, row, now);
        throw new Error("the accept failed after writing its jobs");
      }),
    ).rejects.toThrow("the accept failed");
    expect(await jobsOf(id)).toEqual([]);
  });

  it("a time-out writes its jobs (event, void, message) in the sweep's own transaction", async () => {
    const guest = await newGuest();
    const { id, reference } = await cardOrder(guest.userId);
    clock.advance(11 * MINUTE);
    const payments = new RecordingPayments();
    const ctx = testOrdersContext(database.db, clock, { payments, jobs: FAST });
    await timeOutExpired(killedAfterCommit(ctx));
    expect((await jobsOf(id)).map((job) => job.kind)).toEqual(["status-event", "settle-payment", "outcome-message"]);
    await ctx.worker.drain();
    expect(payments.voided).toContain(reference);
    expect(await paymentState(id)).toBe("VOIDED");
    expect(await messagesTo(guest.phone)).toHaveLength(1);
  });
});

describe("the worker retries with backoff, gives up as DEAD, and each job is done once", () => {
  it("a messenger and a payment provider that fail: retried after the backoff, each finished exactly once", async () => {
    const guest = await newGuest();
    const { id, reference } = await cardOrder(guest.userId);
    const messenger = new FlakyMessenger(2);
    const payments = new FlakyPayments(1);
    const ctx = testOrdersContext(database.db, clock, { payments, messenger, jobs: FAST });
    await accept(ctx, STAFF, id);
    await ctx.background.settled();
    const afterFirst = await jobsOf(id);
    expect(afterFirst.map((job) => [job.kind, job.state, job.attempts])).toEqual([
      ["status-event", "DONE", 1],
      ["settle-payment", "PENDING", 1],
      ["outcome-message", "PENDING", 1],
    ]);
    const message = afterFirst[2] as JobRow;
    expect(message.last_error).toBe("SMS provider unreachable");
    // Backed off: not due yet, so draining now runs nothing.
    expect(message.run_after > clock.now().toISOString()).toBe(true);
    await ctx.worker.drain();
    expect([messenger.calls, payments.attempts]).toEqual([1, 1]);
    // After the first delay (1 s, up to 25% jitter): the capture succeeds, the message fails again.
    clock.advance(2 * SECOND);
    await ctx.worker.drain();
    expect([messenger.calls, payments.attempts]).toEqual([2, 2]);
    expect(await paymentState(id)).toBe("CAPTURED");
    // The second delay doubles (2 s): not due after 1.5 s more, due after 3 s.
    const second = (await jobsOf(id))[2] as JobRow;
    expect(new Date(second.run_after).getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(2 * SECOND);
    clock.advance(3 * SECOND);
    await ctx.worker.drain();
    clock.advance(10 * SECOND);
    await ctx.worker.drain();
    expect(messenger.calls).toBe(3);
    expect(payments.captured).toEqual([reference]);
    expect(await messagesTo(guest.phone)).toHaveLength(1);
    expect((await jobsOf(id)).map((job) => job.state)).toEqual(["DONE", "DONE", "DONE"]);
  });

  it("after JOB_MAX_ATTEMPTS failures the job is DEAD (and no longer tried)", async () => {
    const guest = await newGuest();
    const id = await insertOrder(database.db, { userId: guest.userId, createdAt: clock.now().toISOString() });
    const messenger = new FlakyMessenger(Number.POSITIVE_INFINITY);
    const ctx = testOrdersContext(database.db, clock, { messenger, jobs: { ...FAST, maxAttempts: 3 } });
    await reject(ctx, STAFF, id, "Closed");
    await ctx.background.settled();
    for (let round = 0; round < 5; round++) {
      clock.advance(10 * SECOND);
      await ctx.worker.drain();
    }
    const job = (await jobsOf(id)).find((row) => row.kind === "outcome-message");
    expect(job).toMatchObject({ state: "DEAD", attempts: 3, last_error: "SMS provider unreachable" });
    expect(messenger.calls).toBe(3);
  });

  it("a worker that died holding a job: after its lease another worker takes it over, and the message and capture still happen once", async () => {
    const guest = await newGuest();
    const { id, reference } = await cardOrder(guest.userId);
    const payments = new RecordingPayments();
    const ctx = testOrdersContext(database.db, clock, { payments, jobs: FAST });
    await accept(killedAfterCommit(ctx), STAFF, id);
    // Worker "A" claims the three jobs and does their work, then dies before marking them done.
    const claimed = await claimDueJobs(database.db, "worker-a", clock.now(), FAST.leaseMs ?? 0, 10);
    const mine = claimed.filter((job) => job.order_id === id);
    expect(mine).toHaveLength(3);
    for (const job of mine) await runJob(ctx, job);
    expect(await messagesTo(guest.phone)).toHaveLength(1);
    // Within the lease nobody else may take them.
    const other = testOrdersContext(database.db, clock, { payments, jobs: FAST });
    await other.worker.drain();
    expect((await jobsOf(id)).map((job) => job.state)).toEqual(["PENDING", "PENDING", "PENDING"]);
    // After the lease: taken over, run again, harmlessly.
    clock.advance(31 * SECOND);
    await other.worker.drain();
    const jobs = await jobsOf(id);
    expect(jobs.map((job) => [job.state, job.claimed_by, job.attempts])).toEqual([
      ["DONE", other.worker.id, 2],
      ["DONE", other.worker.id, 2],
      ["DONE", other.worker.id, 2],
    ]);
    expect(payments.captured).toEqual([reference]);
    expect(await messagesTo(guest.phone)).toHaveLength(1);
  });

  it("two workers with their own connections (two API processes) run each job exactly once", async () => {
    const env = database.env;
    // Their own pool on PostgreSQL; on SQLite (one API process by design) the one handle.
    const second =
      database.dialect === "postgres"
        ? openDatabase(databaseTarget(env.DATABASE_URL ?? null, env.DATA_DIR ?? ""))
        : null;
    try {
      const sends: number[] = [];
      const counting = (db: typeof database.db): Messenger => {
        const inner = outboxMessenger(db, log, clock.now);
        return {
          send: async (message) => {
            sends.push(message.jobId ?? -1);
            await inner.send(message);
          },
        };
      };
      const payments = new RecordingPayments();
      const a = testOrdersContext(database.db, clock, { payments, messenger: counting(database.db), jobs: FAST });
      const b = testOrdersContext(second?.db ?? database.db, clock, {
        payments,
        messenger: counting(second?.db ?? database.db),
        jobs: FAST,
      });
      const orders: { id: number; reference: string; phone: string }[] = [];
      for (let i = 0; i < 12; i++) {
        const guest = await newGuest();
        const order = await cardOrder(guest.userId);
        orders.push({ ...order, phone: guest.phone });
        await accept(killedAfterCommit(i % 2 === 0 ? a : b), STAFF, order.id);
      }
      await Promise.all([a.worker.drain(), b.worker.drain(), a.worker.drain(), b.worker.drain()]);
      expect(new Set(sends).size).toBe(sends.length);
      expect(sends).toHaveLength(12);
      expect([...payments.captured].sort()).toEqual(orders.map((order) => order.reference).sort());
      for (const order of orders) {
        expect(await messagesTo(order.phone)).toHaveLength(1);
        expect((await jobsOf(order.id)).map((job) => job.state)).toEqual(["DONE", "DONE", "DONE"]);
      }
    } finally {
      await second?.db.destroy();
    }
  });
});

/** A bus whose publishes wait until the test lets them go; it notes when each started and ended. */
class HeldEvents extends InProcessOrderEvents {
  /** "start" and "end" of each publish, by order id and step, in the order they happened. */
  readonly timeline: { at: "start" | "end"; orderId: number; step: number }[] = [];
  running = 0;
  mostAtOnce = 0;
  #release: (() => void)[] = [];
  override async publish(event: LiveEvent): Promise<void> {
    const { orderId, step } = event as unknown as { orderId: number; step: number };
    this.timeline.push({ at: "start", orderId, step });
    this.running++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    await new Promise<void>((resolve) => this.#release.push(resolve));
    this.running--;
    this.timeline.push({ at: "end", orderId, step });
  }
  /** Lets every publish waiting now go, again and again, until `done`. */
  async releaseUntil(done: Promise<void>): Promise<void> {
    let finished = false;
    void done.then(() => {
      finished = true;
    });
    while (!finished) {
      for (const release of this.#release.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** Counts the statements that mark jobs done. */
class CompletionCounter implements KyselyPlugin {
  completions = 0;
  transformQuery(args: { node: RootOperationNode }): RootOperationNode {
    const node = args.node as { kind: string; updates?: { column: { column: { name: string } } }[] };
    if (node.kind === "UpdateQueryNode" && node.updates?.some((update) => update.column.column.name === "done_at"))
      this.completions++;
    return args.node;
  }
  async transformResult(args: { result: QueryResult<UnknownRow> }): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe("the worker runs several jobs at once, an order's jobs in order", () => {
  it("jobs of different orders run side by side; an order's status events are published one after another in the order they were written; finished jobs are marked done together", async () => {
    const events = new HeldEvents();
    const counter = new CompletionCounter();
    const ctx = testOrdersContext(database.db, clock, { orderEvents: events, jobs: FAST });
    const worker = new JobWorker(ctx, { ...DEFAULT_JOBS_CONFIG, ...FAST }, log, database.db.withPlugin(counter));
    // 5 orders (fewer than the jobs the worker runs at once), each with 3 status events written one
    // after another (placed, accepted, ready), interleaved as a busy beach writes them.
    const orderIds = Array.from({ length: 5 }, (_, index) => 990_000 + index);
    const statuses = ["WAITING_FOR_ACCEPTANCE", "ACCEPTED_NOT_PUBLISHED", "READY"] as const;
    for (const [step, status] of statuses.entries()) {
      for (const orderId of orderIds) {
        const event = { orderId, status, step } as unknown as OrderStatusEvent;
        const payload: StatusEventPayload = { event };
        await enqueueJobs(database.db, [{ kind: "status-event", orderId, payload }], clock.now().toISOString());
      }
    }
    const drained = worker.drain();
    await events.releaseUntil(drained);
    await drained;

    // Several at once (one at a time before), never more than the worker's limit.
    expect(events.mostAtOnce).toBeGreaterThan(1);
    expect(events.mostAtOnce).toBeLessThanOrEqual(CONCURRENCY);
    for (const orderId of orderIds) {
      // Each order's events: step 0 published, then step 1, then step 2, never two at once.
      const own = events.timeline.filter((entry) => entry.orderId === orderId);
      expect(own.map((entry) => `${entry.at} ${entry.step}`)).toEqual([
        "start 0",
        "end 0",
        "start 1",
        "end 1",
        "start 2",
        "end 2",
      ]);
      expect((await jobsOf(orderId)).map((job) => job.state)).toEqual(["DONE", "DONE", "DONE"]);
    }
    // 15 jobs, fewer statements marking them done (one per job before).
    expect(counter.completions).toBeGreaterThan(0);
    expect(counter.completions).toBeLessThan(15);
  });
});

describe("a claim costs the same under any backlog", () => {
  // SQLite's plan: PostgreSQL's planner picks by its statistics, which a test's few rows do not set.
  it.skipIf(testDialect() === "postgres")(
    "it walks the pending jobs in id order and stops after its batch: no scan and sort of every due job",
    async () => {
      const { sql: text, parameters } = claimDueJobsQuery(database.db, "worker-a", clock.now(), 1_000, 10).compile();
      const plan = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]),
      );
      const details = plan.rows.map((row) => row.detail);
      expect(
        details.some((detail) => detail.includes("USING INDEX jobs_pending_by_id")),
        details.join("; "),
      ).toBe(true);
      expect(
        details.some((detail) => detail.includes("TEMP B-TREE")),
        details.join("; "),
      ).toBe(false);
    },
  );

  it("the oldest due jobs are claimed first, past ones not yet due and ones leased by another worker", async () => {
    const at = clock.now();
    const later = new Date(at.getTime() + MINUTE).toISOString();
    const rows = Array.from({ length: 6 }, (_, index) => ({
      kind: "status-event" as const,
      order_id: null,
      payload: "{}",
      state: "PENDING" as const,
      attempts: 0,
      run_after: index === 0 ? later : at.toISOString(),
      claimed_by: index === 1 ? "worker-b" : null,
      lease_until: index === 1 ? later : null,
      last_error: null,
      created_at: at.toISOString(),
      done_at: null,
    }));
    await database.db.deleteFrom("jobs").where("state", "=", "PENDING").execute();
    const ids = (await database.db.insertInto("jobs").values(rows).returning("id").execute()).map((row) => row.id);
    try {
      const claimed = await claimDueJobs(database.db, "worker-a", at, 1_000, 3);
      expect(claimed.map((job) => job.id)).toEqual(ids.slice(2, 5));
    } finally {
      // Jobs of no order: no later test's worker may find them.
      await database.db.deleteFrom("jobs").where("id", "in", ids).execute();
    }
  });
});

describe("payment reconciliation", () => {
  it("captures an ACCEPTED order's payment and voids a REJECTED or TIMED_OUT one left AUTHORIZED past the grace; leaves a waiting or just-decided one", async () => {
    const guest = await newGuest();
    const decidedLongAgo = new Date(clock.now().getTime() - 10 * MINUTE).toISOString();
    const justNow = clock.now().toISOString();
    const make = async (
      status: "ACCEPTED" | "REJECTED" | "TIMED_OUT" | "WAITING_FOR_ACCEPTANCE",
      decidedAt: string | null,
    ) => {
      const id = await insertOrder(database.db, {
        userId: guest.userId,
        createdAt: clock.now().toISOString(),
        paymentType: "CARD",
        status,
        acceptanceDeadline: status === "WAITING_FOR_ACCEPTANCE" ? undefined : null,
      });
      await database.db.updateTable("orders").set({ decided_at: decidedAt }).where("id", "=", id).execute();
      await insertAuthorizedPayment(database.db, id, `recon-${id}`);
      return id;
    };
    const accepted = await make("ACCEPTED", decidedLongAgo);
    const rejected = await make("REJECTED", decidedLongAgo);
    const timedOut = await make("TIMED_OUT", decidedLongAgo);
    const waiting = await make("WAITING_FOR_ACCEPTANCE", null);
    const recent = await make("ACCEPTED", justNow);
    const payments = new RecordingPayments();
    const ctx = testOrdersContext(database.db, clock, { payments, jobs: { ...FAST, reconcileGraceMs: 5 * MINUTE } });
    await ctx.worker.housekeeping();
    expect(payments.captured).toEqual([`recon-${accepted}`]);
    expect(payments.voided.sort()).toEqual([`recon-${rejected}`, `recon-${timedOut}`].sort());
    expect(await paymentState(accepted)).toBe("CAPTURED");
    expect(await paymentState(rejected)).toBe("VOIDED");
    expect(await paymentState(timedOut)).toBe("VOIDED");
    expect(await paymentState(waiting)).toBe("AUTHORIZED");
    expect(await paymentState(recent)).toBe("AUTHORIZED");
    // A second pass finds nothing more to do.
    await ctx.worker.housekeeping();
    expect(payments.captured).toHaveLength(1);
  });
});

describe("configuration", () => {
  it("the defaults are the documented ones", () => {
    expect(DEFAULT_JOBS_CONFIG).toMatchObject({ leaseMs: 30_000, pollIntervalMs: 2_000, maxAttempts: 20 });
  });
});
