import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderStatus, OrderStatusEvent } from "../../domain/orders-api";
import { listOutboxMessagesTo } from "../db/repositories/outbox.repository";
import { ApiError } from "../http/api-error";
import { enqueueStatusChangeJobs } from "../jobs/order-jobs";
import { InProcessOrderEvents } from "../realtime/order-events";
import { sampleVenue } from "../test-fixtures/venue";
import { MINUTE, testClock } from "../test-support/clock";
import { importFixture } from "../test-support/seed";
import { setUpTestDatabase } from "../test-support/test-database";
import { accept, reject, type StaffOfStore, timeOutExpired } from "./status-changes";
import {
  insertAuthorizedPayment,
  insertGuest,
  insertOrder,
  RecordingPayments,
  SAMPLE,
  type TestOrder,
  testOrdersContext,
} from "./status-changes.test-support";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const events: OrderStatusEvent[] = [];
const payments = new RecordingPayments();
const bus = new InProcessOrderEvents();
bus.subscribe((event) => events.push(event));
let ctx: ReturnType<typeof testOrdersContext>;

/** A waiter of store 1; the user id is not checked by the lifecycle, only the store. */
const STAFF: StaffOfStore = { userId: 1, storeId: SAMPLE.storeId };
const PHONE = "+306940000001";
let guestId: number;

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: 2, idOffset: 10_000 }));
  ctx = testOrdersContext(database.db, clock, { orderEvents: bus, payments });
  guestId = await insertGuest(database.db, { phone: PHONE });
});

// The jobs a previous test's change wrote (its event among them) run after its commit: let them
// finish before a test counts the events it causes (events are a job's work, done after the commit).
beforeEach(async () => {
  await ctx.background.settled();
});

async function order(overrides: Partial<TestOrder> = {}): Promise<number> {
  return insertOrder(database.db, { userId: guestId, createdAt: clock.now().toISOString(), ...overrides });
}

async function statusOf(orderId: number): Promise<OrderStatus> {
  const row = await database.db
    .selectFrom("orders")
    .select("status")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await work.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { statusCode, code, message } = error as ApiError;
  return { status: statusCode, code, message };
}

async function latestMessageTo(recipient: string) {
  await ctx.background.settled();
  const [message] = await listOutboxMessagesTo(database.db, recipient, 1);
  return message;
}

describe("accept and reject (issue §2 status lifecycle)", () => {
  it("§4 staff accept a waiting order: ACCEPTED, the event is published, the guest gets an SMS in the order's language", async () => {
    const id = await order({ language: "GRE" });
    events.length = 0;
    const event = await accept(ctx, STAFF, id);
    expect(event).toMatchObject({ orderId: id, storeId: SAMPLE.storeId, status: "ACCEPTED", onHold: false });
    expect(event.errorMessage).toBeNull();
    expect(await statusOf(id)).toBe("ACCEPTED");
    await ctx.background.settled();
    expect(events).toEqual([event]);
    const message = await latestMessageTo(PHONE);
    expect(message?.channel).toBe("sms");
    expect(message?.body).toBe(`Sample Beach 1 (el): η παραγγελία σας #${event.dailyNumber} έγινε δεκτή.`);
  });

  it("§4 staff reject with a reason: REJECTED, errorMessage carries the reason, the English SMS says it", async () => {
    const id = await order({ language: "ENG" });
    const event = await reject(ctx, STAFF, id, "  Out of sea bream today ");
    expect(event).toMatchObject({ status: "REJECTED", errorMessage: "Out of sea bream today" });
    const message = await latestMessageTo(PHONE);
    expect(message?.body).toBe(
      `Sample Beach 1: your order #${event.dailyNumber} was rejected. Reason: Out of sea bream today`,
    );
  });

  it("§4 an order under review (delayed-response service) can be accepted long after, it has no deadline", async () => {
    const id = await order({ status: "UNDER_REVIEW", acceptanceDeadline: null });
    clock.advance(600 * MINUTE);
    expect((await accept(ctx, STAFF, id)).status).toBe("ACCEPTED");
  });

  const refusals: Array<["accept" | "reject", OrderStatus, string]> = [
    ["accept", "REJECTED", "INVALID_STATUS_FOR_ORDER_EXECUTION"],
    ["accept", "TIMED_OUT", "INVALID_STATUS_FOR_ORDER_EXECUTION"],
    ["accept", "ACCEPTED", "ORDER_NOT_PENDING_STATUS"],
    ["accept", "PAYMENT_FAILED", "INVALID_STATUS_FOR_ORDER"],
    ["reject", "ACCEPTED", "ORDER_CANNOT_BE_REJECTED"],
    ["reject", "TIMED_OUT", "ORDER_CANNOT_BE_REJECTED"],
    ["reject", "REJECTED", "ORDER_NOT_PENDING_STATUS"],
    ["reject", "PAYMENT_FAILED", "INVALID_STATUS_FOR_ORDER"],
  ];
  it.each(refusals)(
    "§8 %s of a %s order → 409 %s, nothing changes, nothing is published",
    async (action, from, code) => {
      const id = await order({ status: from, acceptanceDeadline: null });
      events.length = 0;
      const answer = await refusal(action === "accept" ? accept(ctx, STAFF, id) : reject(ctx, STAFF, id));
      expect(answer).toMatchObject({ status: 409, code });
      expect(await statusOf(id)).toBe(from);
      await ctx.background.settled();
      expect(events).toEqual([]);
    },
  );

  it("§8 accepting a declined order answers 'cannot accept order, it has been declined or has expired'", async () => {
    const id = await order({ status: "REJECTED", acceptanceDeadline: null });
    expect((await refusal(accept(ctx, STAFF, id))).message).toBe(
      "cannot accept order, it has been declined or has expired",
    );
  });

  it("an order of another store looks missing: 404 ORDER_NOT_FOUND, and stays pending", async () => {
    const id = await order({ storeId: 2, serviceId: 10_010, spotId: 10_200 });
    expect(await refusal(accept(ctx, STAFF, id))).toMatchObject({ status: 404, code: "ORDER_NOT_FOUND" });
    expect(await refusal(reject(ctx, STAFF, id))).toMatchObject({ status: 404, code: "ORDER_NOT_FOUND" });
    expect(await refusal(accept(ctx, STAFF, 987_654))).toMatchObject({ status: 404, code: "ORDER_NOT_FOUND" });
    expect(await statusOf(id)).toBe("WAITING_FOR_ACCEPTANCE");
  });

  it("§4 accepting a waiting order past its deadline times it out first (announced), then 409 INVALID_STATUS_FOR_ORDER_EXECUTION", async () => {
    const id = await order({ language: "ENG" });
    clock.advance(10 * MINUTE);
    events.length = 0;
    expect(await refusal(accept(ctx, STAFF, id))).toMatchObject({
      status: 409,
      code: "INVALID_STATUS_FOR_ORDER_EXECUTION",
    });
    expect(await statusOf(id)).toBe("TIMED_OUT");
    await ctx.background.settled();
    expect(events.map((e) => [e.orderId, e.status])).toEqual([[id, "TIMED_OUT"]]);
    expect((await latestMessageTo(PHONE))?.body).toMatch(/ran out of time before being accepted\.$/);
  });

  it("§4 rejecting a waiting order past its deadline: timed out, then 409 ORDER_CANNOT_BE_REJECTED", async () => {
    const id = await order();
    clock.advance(11 * MINUTE);
    expect(await refusal(reject(ctx, STAFF, id))).toMatchObject({ code: "ORDER_CANNOT_BE_REJECTED" });
    expect(await statusOf(id)).toBe("TIMED_OUT");
  });
});

describe("exactly one change wins", () => {
  it("concurrent accept and reject of the same order: one succeeds, the other gets its status error", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await order();
      events.length = 0;
      const results = await Promise.allSettled([accept(ctx, STAFF, id), reject(ctx, STAFF, id, "busy")]);
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won).toHaveLength(1);
      const final = await statusOf(id);
      const lost = results.find((r) => r.status === "rejected");
      expect((lost?.reason as ApiError | undefined)?.code).toBe(
        final === "ACCEPTED" ? "ORDER_CANNOT_BE_REJECTED" : "INVALID_STATUS_FOR_ORDER_EXECUTION",
      );
      await ctx.background.settled();
      expect(events.map((e) => e.status)).toEqual([final]);
    }
  });

  it("ten concurrent accepts of one order: one ACCEPTED, nine ORDER_NOT_PENDING_STATUS", async () => {
    const id = await order();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => accept(ctx, STAFF, id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const codes = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as ApiError).code] : []));
    expect(codes).toEqual(Array(9).fill("ORDER_NOT_PENDING_STATUS"));
  });

  it("an accept racing the timeout sweeper after the deadline: the order times out exactly once, the accept is refused", async () => {
    const id = await order();
    clock.advance(10 * MINUTE);
    events.length = 0;
    const [accepted, swept] = await Promise.allSettled([accept(ctx, STAFF, id), timeOutExpired(ctx)]);
    expect(accepted.status).toBe("rejected");
    expect(swept.status).toBe("fulfilled");
    expect(await statusOf(id)).toBe("TIMED_OUT");
    await ctx.background.settled();
    expect(events.filter((e) => e.orderId === id).map((e) => e.status)).toEqual(["TIMED_OUT"]);
  });
});

describe("timeOutExpired (the acceptance-time sweeper)", () => {
  it("§4 times out waiting orders at their deadline, not before; orders under review never", async () => {
    await timeOutExpired(ctx); // anything left by earlier tests
    const waiting = await order();
    const underReview = await order({ status: "UNDER_REVIEW", acceptanceDeadline: null });
    clock.advance(10 * MINUTE - 1);
    expect(await timeOutExpired(ctx)).toEqual([]);
    clock.advance(1);
    events.length = 0;
    const swept = await timeOutExpired(ctx);
    expect(swept.map((e) => [e.orderId, e.status])).toEqual([[waiting, "TIMED_OUT"]]);
    expect(await statusOf(underReview)).toBe("UNDER_REVIEW");
    await ctx.background.settled();
    expect(events).toEqual(swept);
    // A second round finds nothing: each order times out once.
    expect(await timeOutExpired(ctx)).toEqual([]);
    const message = await latestMessageTo(PHONE);
    expect(message?.body).toBe(
      `Sample Beach 1 (el): ο χρόνος για την αποδοχή της παραγγελίας σας #${swept[0]?.dailyNumber} έληξε πριν γίνει δεκτή.`,
    );
  });
});

describe("card payments follow the outcome (issue §3: authorized when placed)", () => {
  it("accept captures, reject and timeout void; each only once", async () => {
    const accepted = await order({ paymentType: "CARD" });
    const rejected = await order({ paymentType: "CARD" });
    const timedOut = await order({ paymentType: "CARD" });
    await insertAuthorizedPayment(database.db, accepted, "auth-accepted");
    await insertAuthorizedPayment(database.db, rejected, "auth-rejected");
    await insertAuthorizedPayment(database.db, timedOut, "auth-timed-out");
    await accept(ctx, STAFF, accepted);
    await reject(ctx, STAFF, rejected);
    clock.advance(10 * MINUTE);
    await timeOutExpired(ctx);
    await ctx.background.settled();
    expect(payments.captured).toEqual(["auth-accepted"]);
    expect(payments.voided.sort()).toEqual(["auth-rejected", "auth-timed-out"]);
    const states = await database.db
      .selectFrom("payments")
      .select(["order_id", "state"])
      .where("order_id", "in", [accepted, rejected, timedOut])
      .orderBy("order_id")
      .execute();
    expect(states.map((s) => s.state)).toEqual(["CAPTURED", "VOIDED", "VOIDED"]);
  });
});

describe("outcome messages (issue §2: by SMS or e-mail through the messengers)", () => {
  it("an account with an e-mail and no phone (a visitor who gave one) gets an e-mail in the order's language", async () => {
    const userId = await insertGuest(database.db, { email: "eleni@example.com" });
    const id = await order({ userId, language: "ENG" });
    const event = await reject(ctx, STAFF, id);
    const message = await latestMessageTo("eleni@example.com");
    expect(message).toMatchObject({
      channel: "email",
      subject: `Sample Beach 1: order #${event.dailyNumber}`,
      body: `Sample Beach 1: your order #${event.dailyNumber} was rejected.`,
      store_id: SAMPLE.storeId,
    });
  });

  it("payment failed is not sent: the guest saw it on the checkout screen and nothing was ordered", async () => {
    const phone = "+306940000778";
    const userId = await insertGuest(database.db, { phone });
    const id = await order({ userId, status: "PAYMENT_FAILED", acceptanceDeadline: null });
    const row = await database.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await database.db.transaction().execute((trx) => enqueueStatusChangeJobs(trx, row, clock.now().toISOString()));
    ctx.jobs.nudge();
    await ctx.background.settled();
    expect(await latestMessageTo(phone)).toBeUndefined();
  });

  it("a deleted account gets nothing (orders keep no contact details; the account is read when sending)", async () => {
    const phone = "+306940000777";
    const userId = await insertGuest(database.db, { phone });
    const id = await order({ userId });
    await database.db
      .updateTable("users")
      .set({ phone: null, deleted_at: clock.now().toISOString() })
      .where("id", "=", userId)
      .execute();
    await accept(ctx, STAFF, id);
    expect(await latestMessageTo(phone)).toBeUndefined();
  });
});
