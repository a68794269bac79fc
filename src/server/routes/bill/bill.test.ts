/**
 * The guest's bill, server side, on SQLite and PostgreSQL: who may read it; paying everything,
 * lines (and pieces), equal shares (the last share takes the remainder cent) and amounts, with a
 * tip; exactly once per Idempotency-Key; two phones paying one line at once: one charge, one
 * refusal, the loser's card voided; bad input changes nothing and charges nothing; waiter calls
 * with one winner; the receipt by e-mail; tips in the day summary; what guests paid towards the
 * table keeps a waiter from taking the lines away under it.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Bill, BillPaymentAnswer, BillPaymentRequest, WaiterCall, WaiterCalls } from "../../../domain/bill-api";
import type { ErrorBody } from "../../../domain/error-codes";
import type { DaySummary, OpeningDetail, OpenOpenings } from "../../../domain/table-openings-api";
import { insertOrder, SAMPLE } from "../../orders/status-changes.test-support";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { insertOrderLineRow } from "../../test-support/order-rows";
import { sandboxCardToken, setStoreOrderSettings } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

const TABLE = SAMPLE.spotId;
const CHAIR = 202;
const ROOM = 203;
const DELIVERY = 204;
const ITEM = 1000;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let guestA: Record<string, string>;
let guestB: Record<string, string>;
let stranger: Record<string, string>;
let guestAId: number;
let guestBId: number;
let cardA: string;
let cardB: string;

beforeAll(async () => {
  await importFixture(database.db, sampleVenue());
  await setStoreOrderSettings(database.db, SAMPLE.storeId, { cardPayments: true });
  waiter = authHeaders(await signInStaff(server.app, SAMPLE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, SAMPLE.storeId, "4821"));
  const a = await signInGuest(server.app, database.db, greekMobile(61));
  const b = await signInGuest(server.app, database.db, greekMobile(62));
  guestA = authHeaders(a);
  guestB = authHeaders(b);
  guestAId = a.userId;
  guestBId = b.userId;
  stranger = authHeaders(await signInGuest(server.app, database.db, greekMobile(63)));
  cardA = await sandboxCardToken(server.app);
  cardB = await sandboxCardToken(server.app);
});

beforeEach(async () => {
  await database.db
    .updateTable("table_openings")
    .set({ status: "CLOSED", closed_at: "2026-06-01T00:00:00.000Z" })
    .where("status", "=", "OPEN")
    .execute();
});

/** A guest's order at a spot (line totals in cents, `quantity` pieces each), accepted by the waiter. */
async function acceptedOrder(userId: number, lines: Array<{ total: number; quantity?: number }>, spotId = TABLE) {
  const id = await insertOrder(database.db, {
    userId,
    storeId: SAMPLE.storeId,
    spotId,
    serviceId: SAMPLE.serviceId,
    paymentType: "CASH",
    createdAt: clock.now().toISOString(),
  });
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  await database.db
    .updateTable("orders")
    .set({ subtotal_cents: subtotal, total_cents: subtotal })
    .where("id", "=", id)
    .execute();
  for (const [position, line] of lines.entries()) {
    const quantity = line.quantity ?? 1;
    await insertOrderLineRow(database.db, {
      order_id: id,
      item_id: ITEM,
      position,
      quantity,
      unit_price_cents: Math.round(line.total / quantity),
      total_cents: line.total,
    });
  }
  const accepted = await server.app.inject({
    method: "POST",
    url: `/api/staff/orders/${id}/accept`,
    headers: { ...waiter, "idempotency-key": randomUUID() },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

async function bill(headers: Record<string, string>, tableId: number = TABLE): Promise<Bill> {
  const response = await server.app.inject({ method: "GET", url: `/api/tables/${tableId}/bill`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Bill>();
}

function pay(
  headers: Record<string, string>,
  body: Partial<BillPaymentRequest> & { amountCents: number },
  key: string = randomUUID(),
  tableId: number = TABLE,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: "POST",
    url: `/api/tables/${tableId}/bill/payments`,
    headers: { ...headers, "idempotency-key": key },
    payload: { tipCents: 0, payment: { type: "CARD", cardToken: headers === guestB ? cardB : cardA }, ...body },
  });
}

async function paid(response: Promise<LightMyRequestResponse>): Promise<BillPaymentAnswer> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<BillPaymentAnswer>();
}

function errorOf(response: LightMyRequestResponse): ErrorBody {
  return response.json<ErrorBody>();
}

async function sandbox() {
  return database.db.selectFrom("sandbox_authorizations").selectAll().orderBy("created_at").execute();
}

async function openingOf(tableId: number = TABLE): Promise<OpeningDetail> {
  const list = await server.app.inject({ method: "GET", url: "/api/staff/openings?kind=tables", headers: waiter });
  const summary = list.json<OpenOpenings>().openings.find((opening) => opening.spot.id === tableId);
  if (summary === undefined) throw new Error(`no open table at ${tableId}`);
  const detail = await server.app.inject({ method: "GET", url: `/api/staff/openings/${summary.id}`, headers: waiter });
  return detail.json<OpeningDetail>();
}

describe("who sees a spot's bill", () => {
  it("bill: 401 without a session; 403 NOT_AT_THIS_TABLE for a guest who did not order there", async () => {
    await acceptedOrder(guestAId, [{ total: 1000 }]);
    const anonymous = await server.app.inject({ method: "GET", url: `/api/tables/${TABLE}/bill` });
    expect(anonymous.statusCode).toBe(401);
    const other = await server.app.inject({ method: "GET", url: `/api/tables/${TABLE}/bill`, headers: stranger });
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe("NOT_AT_THIS_TABLE");
    const delivery = await server.app.inject({ method: "GET", url: `/api/tables/${DELIVERY}/bill`, headers: guestA });
    expect(delivery.statusCode).toBe(404);
  });

  it("bill: every line with total, paid, owed; lines never say who ordered, only whether the reader did", async () => {
    await acceptedOrder(guestAId, [{ total: 1000 }]);
    await acceptedOrder(guestBId, [{ total: 600, quantity: 2 }]);
    const seenByA = await bill(guestA);
    expect(seenByA.status).toBe("OPEN");
    expect([seenByA.totalCents, seenByA.paidCents, seenByA.owedCents]).toEqual([1600, 0, 1600]);
    expect(seenByA.lines.map((line) => [line.amountCents, line.mine])).toEqual([
      [1000, true],
      [600, false],
    ]);
    expect(JSON.stringify(seenByA)).not.toContain(String(guestBId));
    const seenByB = await bill(guestB);
    expect(seenByB.lines.map((line) => line.mine)).toEqual([false, true]);
  });

  it("bill: a hotel room's bill shows to the guest who charged an order to that room", async () => {
    const orderId = await acceptedOrder(guestBId, [{ total: 450 }]);
    await database.db.updateTable("orders").set({ charging_room_id: ROOM }).where("id", "=", orderId).execute();
    expect((await bill(guestB, ROOM)).tableId).toBe(ROOM);
    const other = await server.app.inject({ method: "GET", url: `/api/tables/${ROOM}/bill`, headers: stranger });
    expect(other.statusCode).toBe(403);
  });

  it("bill: a guest who ordered but whose order is not accepted yet sees NONE (nothing to pay yet)", async () => {
    await insertOrder(database.db, {
      userId: guestAId,
      storeId: SAMPLE.storeId,
      spotId: CHAIR,
      serviceId: SAMPLE.serviceId,
      paymentType: "CASH",
      createdAt: clock.now().toISOString(),
    });
    const none = await bill(guestA, CHAIR);
    expect(none.status).toBe("NONE");
    expect(none.owedCents).toBe(0);
  });
});

describe("paying by card from the phone", () => {
  it("bill: paying everything with a 10 % tip settles every line; the card is authorized then captured by a job", async () => {
    await acceptedOrder(guestAId, [{ total: 1000 }, { total: 550 }]);
    const answer = await paid(pay(guestA, { amountCents: 1550, tipCents: 155, everything: true }));
    expect(answer.payment).toMatchObject({ amountCents: 1550, tipCents: 155, chargedCents: 1705, lastFour: "4242" });
    expect(answer.payment.lines).toHaveLength(2);
    expect([answer.bill.owedCents, answer.bill.paidCents]).toEqual([0, 1550]);
    expect(answer.bill.lines.every((line) => line.state === "PAID")).toBe(true);
    await server.app.jobWorker.drain();
    const [authorization] = (await sandbox()).slice(-1);
    expect(authorization).toMatchObject({ amount_cents: 1705, state: "CAPTURED" });
    const attempt = await database.db
      .selectFrom("bill_payment_attempts")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ state: "CAPTURED", payment_id: answer.payment.id });
  });

  it("bill: the same Idempotency-Key replays the answer byte for byte and charges once", async () => {
    await acceptedOrder(guestAId, [{ total: 800 }]);
    const before = (await sandbox()).length;
    const key = randomUUID();
    const first = await pay(guestA, { amountCents: 800, everything: true }, key);
    const again = await pay(guestA, { amountCents: 800, everything: true }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    expect((await sandbox()).length).toBe(before + 1);
  });

  it("bill: an equal split in three: shares of what is owed, the remainder cent on the last share", async () => {
    await acceptedOrder(guestAId, [{ total: 1000 }]);
    const first = await paid(pay(guestA, { amountCents: 333, share: { parts: 3, count: 1 } }));
    expect(first.bill).toMatchObject({ owedCents: 667, split: { parts: 3, paidParts: 1 } });
    expect(first.bill.lines[0]?.state).toBe("OPEN");
    const second = await paid(pay(guestB, { amountCents: 333, share: { parts: 3, count: 1 } }));
    expect(second.bill.owedCents).toBe(334);
    const stale = await pay(guestA, { amountCents: 333, share: { parts: 3, count: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("BILL_CHANGED");
    const last = await paid(pay(guestA, { amountCents: 334, share: { parts: 3, count: 1 } }));
    expect(last.bill).toMatchObject({ owedCents: 0, paidCents: 1000, split: null });
    expect(last.bill.lines[0]?.state).toBe("PAID");
  });

  it("bill: paying chosen lines, and some pieces of a line (split like the PDA does)", async () => {
    await acceptedOrder(guestAId, [{ total: 900, quantity: 3 }, { total: 500 }]);
    const before = await bill(guestA);
    const [pieces, whole] = before.lines;
    if (pieces === undefined || whole === undefined) throw new Error("two lines expected");
    const answer = await paid(
      pay(guestA, {
        amountCents: 300,
        lines: [{ lineId: pieces.id, quantity: 1, seen: { quantity: 3, amountCents: 900 } }],
      }),
    );
    expect(answer.bill.owedCents).toBe(1100);
    expect(answer.bill.lines.map((line) => [line.quantity, line.amountCents, line.state])).toEqual([
      [2, 600, "OPEN"],
      [1, 500, "OPEN"],
      [1, 300, "PAID"],
    ]);
  });

  it("bill: two phones paying the same line at once: one charge, one clear refusal, the other card not charged", async () => {
    await acceptedOrder(guestAId, [{ total: 1200 }]);
    const [line] = (await bill(guestA)).lines;
    if (line === undefined) throw new Error("a line expected");
    const pick = { lineId: line.id, seen: { quantity: 1, amountCents: 1200 } };
    const before = (await sandbox()).length;
    const [a, b] = await Promise.all([
      pay(guestA, { amountCents: 1200, lines: [pick] }),
      pay(guestB, { amountCents: 1200, lines: [pick] }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(["LINE_ALREADY_SETTLED", "BILL_SETTLED"]).toContain(errorOf(loser).code);
    await server.app.jobWorker.drain();
    const authorizations = (await sandbox()).slice(before);
    expect(authorizations.filter((row) => row.state === "CAPTURED")).toHaveLength(1);
    expect(authorizations.filter((row) => row.state === "AUTHORIZED")).toHaveLength(0);
    const detail = await openingOf();
    expect(detail.payments).toHaveLength(1);
  });

  it("bill: an amount towards the table lowers what is owed, keeps the lines open, and the waiter closes the rest", async () => {
    await acceptedOrder(guestAId, [{ total: 2000 }, { total: 1001 }]);
    const answer = await paid(pay(guestA, { amountCents: 1500, tipCents: 150 }));
    expect(answer.bill).toMatchObject({ owedCents: 1501, paidCents: 1500 });
    expect(answer.bill.lines.every((line) => line.state === "OPEN")).toBe(true);
    const detail = await openingOf();
    expect(detail.amounts).toMatchObject({ paidCents: 1500, remainingCents: 1501, totalCents: 3001 });
    expect(detail.payments[0]).toMatchObject({ tipCents: 150, onAccount: true, guestCard: { lastFour: "4242" } });
    // A waiter cannot cancel lines away from under what the guest already paid.
    const cancel = await server.app.inject({
      method: "POST",
      url: `/api/staff/openings/${detail.id}/cancel`,
      headers: { ...admin, "idempotency-key": randomUUID() },
      payload: {
        version: detail.version,
        lines: detail.lines.map((line) => ({ lineId: line.id })),
        reason: "mistake",
      },
    });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(errorOf(cancel).code).toBe("ON_ACCOUNT_EXCEEDS_OPEN");
    const closed = await server.app.inject({
      method: "POST",
      url: `/api/staff/openings/${detail.id}/close`,
      headers: { ...waiter, "idempotency-key": randomUUID() },
      payload: { version: detail.version, payment: { type: "CASH" } },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = closed.json<OpeningDetail>();
    expect(after.payments.map((p) => [p.type, p.amountCents, p.onAccount])).toEqual([
      ["CARD", 1500, false],
      ["CASH", 1501, false],
    ]);
    expect(after.amounts).toMatchObject({ paidCents: 3001, remainingCents: 0 });
    const settled = await bill(guestA);
    expect(settled).toMatchObject({ status: "SETTLED", owedCents: 0 });
    const again = await pay(guestA, { amountCents: 100 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("BILL_SETTLED");
  });

  it("bill: the guests' amounts paid on account cover the table: it closes with nothing more to pay", async () => {
    await acceptedOrder(guestAId, [{ total: 1000 }]);
    await paid(pay(guestA, { amountCents: 400 }));
    await paid(pay(guestB, { amountCents: 600, everything: true }));
    const detail = await server.app.inject({
      method: "GET",
      url: `/api/staff/openings/${(await bill(guestA)).openingId}`,
      headers: waiter,
    });
    const opening = detail.json<OpeningDetail>();
    expect(opening.amounts.remainingCents).toBe(0);
    expect(opening.lines.every((line) => line.state === "PAID")).toBe(true);
  });
});

describe("bad input changes nothing and charges nothing", () => {
  it("bill: more than owed, a tip over 100 %, a negative or fractional amount, another spot's bill, a stale line", async () => {
    await acceptedOrder(guestAId, [{ total: 1000 }]);
    const before = (await sandbox()).length;
    const over = await pay(guestA, { amountCents: 1001 });
    expect([over.statusCode, errorOf(over).code]).toEqual([409, "AMOUNT_OVER_OWED"]);
    const tip = await pay(guestA, { amountCents: 500, tipCents: 501 });
    expect([tip.statusCode, errorOf(tip).code]).toEqual([400, "TIP_TOO_HIGH"]);
    for (const amountCents of [-5, 0, 10.5]) {
      const bad = await pay(guestA, { amountCents });
      expect(bad.statusCode, String(amountCents)).toBe(400);
    }
    const elsewhere = await pay(stranger, { amountCents: 100 });
    expect(elsewhere.statusCode).toBe(403);
    const [line] = (await bill(guestA)).lines;
    if (line === undefined) throw new Error("a line expected");
    const stale = await pay(guestA, {
      amountCents: 900,
      lines: [{ lineId: line.id, seen: { quantity: 1, amountCents: 900 } }],
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("BILL_CHANGED");
    const declined = await pay(guestA, {
      amountCents: 100,
      payment: { type: "CARD", cardToken: await sandboxCardToken(server.app, "4000 0000 0000 0002") },
    });
    expect([declined.statusCode, errorOf(declined).code]).toEqual([402, "CARD_DECLINED"]);
    expect((await sandbox()).length).toBe(before);
    expect((await bill(guestA)).owedCents).toBe(1000);
  });
});

describe("calling the waiter", () => {
  it("bill: 'I will pay the waiter' alerts the store's PDAs; two waiters answering: one wins, the other is told who", async () => {
    await acceptedOrder(guestAId, [{ total: 700 }]);
    const call = await server.app.inject({
      method: "POST",
      url: `/api/tables/${TABLE}/bill/calls`,
      headers: { ...guestA, "idempotency-key": randomUUID() },
      payload: { kind: "PAY_CASH", amountCents: 700, tipCents: 70 },
    });
    expect(call.statusCode, call.body).toBe(201);
    const created = call.json<WaiterCall>();
    expect(created).toMatchObject({ kind: "PAY_CASH", amountCents: 700, owedCents: 700 });
    const again = await server.app.inject({
      method: "POST",
      url: `/api/tables/${TABLE}/bill/calls`,
      headers: { ...guestA, "idempotency-key": randomUUID() },
      payload: { kind: "PAY_CASH", amountCents: 700, tipCents: 70 },
    });
    expect(again.json<WaiterCall>().id).toBe(created.id);
    const list = await server.app.inject({ method: "GET", url: "/api/staff/calls", headers: waiter });
    expect(list.json<WaiterCalls>().calls.map((c) => c.id)).toContain(created.id);
    const answers = await Promise.all(
      [waiter, admin].map((headers) =>
        server.app.inject({
          method: "POST",
          url: `/api/staff/calls/${created.id}/answer`,
          headers: { ...headers, "idempotency-key": randomUUID() },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409);
    expect(lost && errorOf(lost)).toMatchObject({ code: "CALL_ALREADY_ANSWERED" });
    const after = await server.app.inject({ method: "GET", url: "/api/staff/calls", headers: waiter });
    expect(after.json<WaiterCalls>().calls.map((c) => c.id)).not.toContain(created.id);
  });
});

describe("after paying", () => {
  it("bill: the receipt by e-mail goes through the outbox; tips are in the day summary by waiter", async () => {
    await acceptedOrder(guestAId, [{ total: 1000 }]);
    const answer = await paid(pay(guestA, { amountCents: 1000, tipCents: 150, everything: true }));
    const mail = await server.app.inject({
      method: "POST",
      url: `/api/tables/${TABLE}/bill/payments/${answer.payment.id}/email`,
      headers: guestA,
      payload: { email: "eleni@example.gr", language: "ENG" },
    });
    expect(mail.statusCode, mail.body).toBe(202);
    const notMine = await server.app.inject({
      method: "POST",
      url: `/api/tables/${TABLE}/bill/payments/${answer.payment.id}/email`,
      headers: guestB,
      payload: { email: "x@example.gr", language: "ENG" },
    });
    expect([notMine.statusCode, errorOf(notMine).code]).toEqual([404, "PAYMENT_NOT_FOUND"]);
    await server.app.jobWorker.drain();
    const sent = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("recipient", "=", "eleni@example.gr")
      .executeTakeFirstOrThrow();
    expect(sent.body).toContain("Tip: €1.50");
    const summary = await server.app.inject({ method: "GET", url: "/api/staff/day-summary", headers: admin });
    const day = summary.json<DaySummary>();
    expect(day.tipsCents).toBeGreaterThanOrEqual(150);
    expect(day.tipsByWaiter.length).toBeGreaterThan(0);
  });
});
