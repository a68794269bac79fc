/**
 * Table openings, server side end to end, on SQLite and PostgreSQL: openings start with the first
 * accepted order and collect the next; every settlement type; selected lines; treat and cancel with
 * role and reason; close (with the minimum consumption); transfer and merge; charge to room;
 * receipts; reopen; the day summary; 10 concurrent closes with one winner; idempotent replays; and
 * the staff of store 2 get nothing of store 1. Spots are named in every language (the app picks the
 * UI's); a receipt names its spot in the receipt's language.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../../domain/error-codes";
import type { PaymentType } from "../../../domain/orders-api";
import type {
  DaySummary,
  OpeningDetail,
  OpenOpenings,
  ReceiptDto,
  Settlement,
} from "../../../domain/table-openings-api";
import { insertOrder, RecordingPayments, SAMPLE } from "../../orders/status-changes.test-support";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { DAY, testClock } from "../../test-support/clock";
import { postJson, startCuttingProxy } from "../../test-support/cutting-proxy";
import { insertOrderLineRow } from "../../test-support/order-rows";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
// 12:00 in Athens (UTC+3 in July).
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now, payments: new RecordingPayments() });

const TABLE = SAMPLE.spotId; // 200, "Table 1" / "Τραπέζι 1"
const UMBRELLA = 201; // minimum consumption 20 € charged when missing (below)
const CHAIR = 202;
const ROOM = 203; // "Room 104" / "Δωμάτιο 104"
const DELIVERY = 204;
const TERMINAL = 900;
const ITEM = 1000;
const OTHER_STORE = 2;
/** Store 2's copy of the sample venue: every id shifted by this. */
const OTHER_OFFSET = 10_000;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherStoreWaiter: Record<string, string>;
let guest: Record<string, string>;
let guestId: number;

/** The names this file's venue gives its table and room in each language (the others have one name). */
const TABLE_NAMES = { GRE: { name: "Τραπέζι 1" }, ENG: { name: "Table 1" } };
const ROOM_NAMES = { GRE: { name: "Δωμάτιο 104" }, ENG: { name: "Room 104" } };

async function pinSession(storeId: number, pin: string): Promise<Record<string, string>> {
  return authHeaders(await signInStaff(server.app, storeId, pin));
}

beforeAll(async () => {
  const venue = sampleVenue();
  venue.cardTerminals = [{ id: TERMINAL, name: "POS 1" }];
  const umbrella = venue.spots.find((spot) => spot.id === UMBRELLA);
  if (umbrella) umbrella.minimumConsumption = { cents: 2000, chargeMissing: true };
  for (const spot of venue.spots) {
    if (spot.id === TABLE) spot.names = TABLE_NAMES;
    if (spot.id === ROOM) spot.names = ROOM_NAMES;
  }
  await importFixture(database.db, venue);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: OTHER_OFFSET }));
  waiter = await pinSession(SAMPLE.storeId, "1357");
  admin = await pinSession(SAMPLE.storeId, "4821");
  otherStoreWaiter = await pinSession(OTHER_STORE, "1357");
  const signedIn = await signInGuest(server.app, database.db, greekMobile(51));
  guest = authHeaders(signedIn);
  guestId = signedIn.userId;
});

interface OrderShape {
  spotId?: number;
  /** Line totals in cents; each line is `quantity` pieces of total / quantity. */
  lines?: Array<{ total: number; quantity?: number }>;
  paymentType?: PaymentType;
  chargingRoomId?: number;
  roomChargeCents?: number;
  selectedTableId?: number;
  /** At store 2's Table 1, accepted by store 2's waiter. */
  otherStore?: boolean;
}

/** A guest's order at a spot, accepted by the waiter through the API. */
async function acceptedOrder(shape: OrderShape = {}): Promise<number> {
  const lines = shape.lines ?? [{ total: 700, quantity: 2 }];
  const offset = shape.otherStore ? OTHER_OFFSET : 0;
  const id = await insertOrder(database.db, {
    userId: guestId,
    storeId: shape.otherStore ? OTHER_STORE : SAMPLE.storeId,
    spotId: (shape.spotId ?? TABLE) + offset,
    serviceId: (shape.spotId === ROOM ? 11 : SAMPLE.serviceId) + offset,
    paymentType: shape.paymentType ?? "CASH",
    createdAt: clock.now().toISOString(),
  });
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  await database.db
    .updateTable("orders")
    .set({
      subtotal_cents: subtotal,
      room_charge_cents: shape.roomChargeCents ?? 0,
      total_cents: subtotal + (shape.roomChargeCents ?? 0),
      charging_room_id: shape.chargingRoomId ?? null,
      selected_table_id: shape.selectedTableId ?? null,
    })
    .where("id", "=", id)
    .execute();
  for (const [position, line] of lines.entries()) {
    const quantity = line.quantity ?? 1;
    await insertOrderLineRow(database.db, {
      order_id: id,
      item_id: ITEM + offset,
      position,
      quantity,
      unit_price_cents: Math.round(line.total / quantity),
      total_cents: line.total,
    });
  }
  const accepted = await server.app.inject({
    method: "POST",
    url: `/api/staff/orders/${id}/accept`,
    headers: { ...(shape.otherStore ? otherStoreWaiter : waiter), "idempotency-key": randomUUID() },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

async function openingAt(spotId: number, kind: "tables" | "rooms" = "tables"): Promise<OpeningDetail> {
  const list = await server.app.inject({ method: "GET", url: `/api/staff/openings?kind=${kind}`, headers: waiter });
  expect(list.statusCode, list.body).toBe(200);
  const summary = list.json<OpenOpenings>().openings.find((opening) => opening.spot.id === spotId);
  if (summary === undefined) throw new Error(`no open opening at spot ${spotId}`);
  return detail(summary.id);
}

async function detail(openingId: number, headers = waiter): Promise<OpeningDetail> {
  const response = await server.app.inject({ method: "GET", url: `/api/staff/openings/${openingId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OpeningDetail>();
}

let keys = 0;
function newKey(): string {
  keys += 1;
  return `00000000-0000-4000-8000-${String(keys).padStart(12, "0")}`;
}

function write(
  openingId: number,
  action: string,
  payload: object,
  headers = waiter,
  key = newKey(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: "POST",
    url: `/api/staff/openings/${openingId}/${action}`,
    headers: { ...headers, "idempotency-key": key },
    payload,
  });
}

async function ok(response: Promise<LightMyRequestResponse>): Promise<OpeningDetail> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OpeningDetail>();
}

async function closeAllOpen(): Promise<void> {
  await database.db
    .updateTable("table_openings")
    .set({ status: "CLOSED", closed_at: clock.now().toISOString() })
    .where("status", "=", "OPEN")
    .execute();
}

const CASH: Settlement = { type: "CASH" };

describe("openings start with the first accepted order", () => {
  it("the first accepted order of a spot starts an opening; the next joins it; amounts add up", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 700, quantity: 2 }, { total: 350 }] });
    await acceptedOrder({ lines: [{ total: 900 }] });
    const opening = await openingAt(TABLE);
    expect(opening.orders).toHaveLength(2);
    expect(opening.lines.map((line) => [line.amountCents, line.state])).toEqual([
      [700, "OPEN"],
      [350, "OPEN"],
      [900, "OPEN"],
    ]);
    expect(opening.amounts).toEqual({
      totalCents: 1950,
      paidCents: 0,
      treatedCents: 0,
      canceledCents: 0,
      remainingCents: 1950,
    });
    expect(opening.waiterName).toBe("Nikos");
    expect(opening.department.serviceId).toBe(SAMPLE.serviceId);
    expect(opening.spot).toEqual({ id: TABLE, names: TABLE_NAMES, type: "TABLE", section: "Terrace", capacity: 4 });
  });

  it("the staff reads name a spot in every language, so an English screen shows its English name", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 300 }] });
    await acceptedOrder({ spotId: CHAIR, lines: [{ total: 200 }] });
    const list = await server.app.inject({ method: "GET", url: "/api/staff/openings?kind=tables", headers: waiter });
    const { openings, spots } = list.json<OpenOpenings>();
    expect(openings.find((o) => o.spot.id === TABLE)?.spot.names).toEqual(TABLE_NAMES);
    // A spot the venue file names once: that name in every language.
    expect(openings.find((o) => o.spot.id === CHAIR)?.spot.names).toEqual({
      GRE: { name: "Chair 7" },
      ENG: { name: "Chair 7" },
    });
    // The transfer targets and rooms to charge to too.
    expect(spots.find((spot) => spot.id === ROOM)).toEqual({
      id: ROOM,
      names: ROOM_NAMES,
      type: "HOTEL_ROOM",
      section: "",
    });
    expect((await openingAt(TABLE)).spot.names).toEqual(TABLE_NAMES);
  });

  it("a delivery order never opens one; a PDA order joins the table it picked", async () => {
    await closeAllOpen();
    await acceptedOrder({ spotId: DELIVERY });
    await acceptedOrder({ spotId: 205, selectedTableId: CHAIR });
    const list = await server.app.inject({ method: "GET", url: "/api/staff/openings?kind=tables", headers: waiter });
    expect(list.json<OpenOpenings>().openings.map((o) => o.spot.id)).toEqual([CHAIR]);
  });

  it("a card order joins already paid (online), so the table never pays it twice", async () => {
    await closeAllOpen();
    await acceptedOrder({ paymentType: "CARD", lines: [{ total: 1200 }] });
    const opening = await openingAt(TABLE);
    expect(opening.amounts).toMatchObject({ paidCents: 1200, remainingCents: 0 });
    expect(opening.payments).toEqual([expect.objectContaining({ type: "CARD", amountCents: 1200, online: true })]);
  });

  it("a room-service charge is a line of its own", async () => {
    await closeAllOpen();
    await acceptedOrder({ spotId: ROOM, lines: [{ total: 1500 }], roomChargeCents: 150 });
    const room = await openingAt(ROOM, "rooms");
    expect(room.lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ["ITEM", 1500],
      ["ROOM_CHARGE", 150],
    ]);
  });
});

describe("settling", () => {
  it("paying selected lines leaves the rest; part of a line splits it, and the amounts add up to the cent", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 1000, quantity: 3 }, { total: 450 }] });
    const opening = await openingAt(TABLE);
    const [three, single] = opening.lines;
    if (three === undefined || single === undefined) throw new Error("two lines expected");
    const paid = await ok(
      write(opening.id, "pay", {
        version: opening.version,
        lines: [{ lineId: three.id, quantity: 1 }],
        payment: { type: "CARD", cardTerminalId: TERMINAL },
      }),
    );
    // 1000 / 3: the paid piece is 333 (rounded half up), the two left 667.
    expect(paid.lines.map((line) => [line.quantity, line.amountCents, line.state])).toEqual([
      [2, 667, "OPEN"],
      [1, 450, "OPEN"],
      [1, 333, "PAID"],
    ]);
    expect(paid.amounts).toEqual({
      totalCents: 1450,
      paidCents: 333,
      treatedCents: 0,
      canceledCents: 0,
      remainingCents: 1117,
    });
    expect(paid.payments).toEqual([
      expect.objectContaining({ type: "CARD", amountCents: 333, cardTerminalName: "POS 1", byName: "Nikos" }),
    ]);
  });

  it("every settlement type of spec §9 settles; the payments add up to what was paid", async () => {
    await closeAllOpen();
    await acceptedOrder({ spotId: ROOM, lines: [{ total: 100 }] }); // the room to charge to
    await acceptedOrder({ lines: [100, 200, 300, 400, 500, 600].map((total) => ({ total })) });
    let opening = await openingAt(TABLE);
    const settlements: Settlement[] = [
      CASH,
      { type: "CARD", cardTerminalId: TERMINAL },
      { type: "BANK_ACCOUNT" },
      { type: "ON_CREDIT", account: "Travel Co." },
      { type: "CHARGE_TO_ROOM", roomSpotId: ROOM },
      { type: "SELF_PUBLISH" },
    ];
    for (const [i, payment] of settlements.entries()) {
      const line = opening.lines[i];
      if (line === undefined) throw new Error(`line ${i}`);
      opening = await ok(write(opening.id, "pay", { version: opening.version, lines: [{ lineId: line.id }], payment }));
    }
    expect(opening.amounts).toMatchObject({ paidCents: 2100, remainingCents: 0 });
    expect(opening.payments.map((p) => [p.type, p.amountCents])).toEqual([
      ["CASH", 100],
      ["CARD", 200],
      ["BANK_ACCOUNT", 300],
      ["ON_CREDIT", 400],
      ["CHARGE_TO_ROOM", 500],
      ["SELF_PUBLISH", 600],
    ]);
    expect(opening.payments[3]?.creditAccount).toBe("Travel Co.");
    expect(opening.payments[4]?.roomNames).toEqual(ROOM_NAMES);
    // The charge landed on the room, owed there, marked where it came from.
    const room = await openingAt(ROOM, "rooms");
    expect(room.amounts.remainingCents).toBe(100 + 500);
    expect(room.lines.at(-1)).toMatchObject({ amountCents: 500, state: "OPEN", movedFromSpotNames: TABLE_NAMES });
  });

  it("charge to a room without an open tab, an unknown terminal: refused, nothing changes", async () => {
    await closeAllOpen();
    await acceptedOrder();
    const opening = await openingAt(TABLE);
    const toRoom = await write(opening.id, "pay", {
      version: opening.version,
      lines: null,
      payment: { type: "CHARGE_TO_ROOM", roomSpotId: ROOM },
    });
    expect(toRoom.statusCode).toBe(409);
    expect(toRoom.json<ErrorBody>().code).toBe("ROOM_NOT_OPEN");
    const terminal = await write(opening.id, "pay", {
      version: opening.version,
      lines: null,
      payment: { type: "CARD", cardTerminalId: 12345 },
    });
    expect(terminal.statusCode).toBe(404);
    expect(terminal.json<ErrorBody>().code).toBe("CARD_TERMINAL_NOT_FOUND");
    const after = await detail(opening.id);
    expect(after.version).toBe(opening.version);
    expect(after.payments).toEqual([]);
  });

  it("treat and cancel need the admin role (this venue) and a reason, and never count as paid", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 500 }, { total: 300 }, { total: 200 }] });
    let opening = await openingAt(TABLE);
    const [a, b] = opening.lines;
    if (a === undefined || b === undefined) throw new Error("lines");
    const byWaiter = await write(opening.id, "treat", {
      version: opening.version,
      lines: [{ lineId: a.id }],
      reason: "Birthday",
    });
    expect(byWaiter.statusCode).toBe(403);
    expect(byWaiter.json<ErrorBody>().code).toBe("SETTLE_NOT_ALLOWED");
    const noReason = await write(
      opening.id,
      "treat",
      { version: opening.version, lines: [{ lineId: a.id }], reason: "" },
      admin,
    );
    expect(noReason.statusCode).toBe(400);
    opening = await ok(
      write(opening.id, "treat", { version: opening.version, lines: [{ lineId: a.id }], reason: "Birthday" }, admin),
    );
    opening = await ok(
      write(opening.id, "cancel", { version: opening.version, lines: [{ lineId: b.id }], reason: "Not served" }, admin),
    );
    expect(opening.amounts).toEqual({
      totalCents: 1000,
      paidCents: 0,
      treatedCents: 500,
      canceledCents: 300,
      remainingCents: 200,
    });
    expect(opening.lines[0]).toMatchObject({ state: "TREATED", reason: "Birthday", byName: "Maria" });
    expect(opening.lines[1]).toMatchObject({ state: "CANCELED", reason: "Not served", byName: "Maria" });
    // A line already treated cannot be paid.
    const again = await write(opening.id, "pay", {
      version: opening.version,
      lines: [{ lineId: a.id }],
      payment: CASH,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>()).toMatchObject({
      code: "LINE_ALREADY_SETTLED",
      details: { state: "TREATED", byName: "Maria" },
    });
  });
});

describe("closing, and the minimum consumption", () => {
  it("a remainder needs a settlement; closing pays it; a closed opening takes no new line (a new order starts a new one)", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 800 }] });
    const opening = await openingAt(TABLE);
    const refused = await write(opening.id, "close", { version: opening.version, payment: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>()).toMatchObject({
      code: "OPENING_HAS_REMAINING",
      details: { remainingCents: 800 },
    });
    const closed = await ok(write(opening.id, "close", { version: opening.version, payment: CASH }));
    expect(closed.status).toBe("CLOSED");
    expect(closed.closedByName).toBe("Nikos");
    expect(closed.amounts).toMatchObject({ paidCents: 800, remainingCents: 0 });
    await acceptedOrder({ lines: [{ total: 250 }] });
    const next = await openingAt(TABLE);
    expect(next.id).not.toBe(opening.id);
    expect(next.amounts.totalCents).toBe(250);
    expect((await detail(opening.id)).amounts.totalCents).toBe(800);
  });

  it("what is missing to the minimum is shown, and charged as its own line at closing", async () => {
    await closeAllOpen();
    await acceptedOrder({ spotId: UMBRELLA, lines: [{ total: 700 }] });
    const opening = await openingAt(UMBRELLA);
    expect(opening.minimumConsumption).toEqual({ cents: 2000, chargeMissing: true, missingCents: 1300 });
    const closed = await ok(write(opening.id, "close", { version: opening.version, payment: CASH }));
    expect(closed.lines.at(-1)).toMatchObject({ kind: "MINIMUM_CONSUMPTION", amountCents: 1300, state: "PAID" });
    expect(closed.amounts).toMatchObject({ totalCents: 2000, paidCents: 2000 });
    expect(closed.payments.map((p) => p.amountCents)).toEqual([2000]);
  });
});

describe("transfer", () => {
  it("selected lines move into the target's open opening; a whole opening moves to a free spot or merges", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 100 }, { total: 200 }] });
    await acceptedOrder({ spotId: CHAIR, lines: [{ total: 1000 }] });
    const table = await openingAt(TABLE);
    const moved = await ok(
      write(table.id, "transfer", {
        version: table.version,
        targetSpotId: CHAIR,
        lines: [{ lineId: table.lines[1]?.id ?? 0 }],
      }),
    );
    expect(moved.spot.id).toBe(CHAIR);
    expect(moved.amounts.remainingCents).toBe(1200);
    expect(moved.lines.find((line) => line.movedFromSpotNames !== null)).toMatchObject({
      amountCents: 200,
      movedFromSpotNames: TABLE_NAMES,
    });
    expect((await detail(table.id)).amounts.totalCents).toBe(100);

    // The whole table onto a free spot: the same opening, another spot.
    const rest = await detail(table.id);
    const relocated = await ok(
      write(rest.id, "transfer", { version: rest.version, targetSpotId: UMBRELLA, lines: null }),
    );
    expect(relocated.id).toBe(table.id);
    expect(relocated.spot.id).toBe(UMBRELLA);
    // ...and into an occupied one: merged, its lines and payments moved.
    const merged = await ok(
      write(relocated.id, "transfer", { version: relocated.version, targetSpotId: CHAIR, lines: null }),
    );
    expect(merged.spot.id).toBe(CHAIR);
    expect(merged.amounts.remainingCents).toBe(1300);
    expect(await detail(table.id)).toMatchObject({ status: "MERGED", mergedIntoOpeningId: merged.id });
  });

  it("to the same spot, a delivery spot or another store's spot: 400 TRANSFER_TARGET_INVALID", async () => {
    await closeAllOpen();
    await acceptedOrder();
    const opening = await openingAt(TABLE);
    for (const targetSpotId of [TABLE, DELIVERY, 10_200]) {
      const response = await write(opening.id, "transfer", { version: opening.version, targetSpotId, lines: null });
      expect(response.statusCode, String(targetSpotId)).toBe(400);
      expect(response.json<ErrorBody>().code).toBe("TRANSFER_TARGET_INVALID");
    }
  });
});

describe("exactly once, whatever the Wi-Fi does", () => {
  it("10 concurrent closes with different keys: one wins, the others hear who closed it; one payment", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 1500 }] });
    const opening = await openingAt(TABLE);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => write(opening.id, "close", { version: opening.version, payment: CASH })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.statusCode !== 200);
    expect(losers).toHaveLength(9);
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json<ErrorBody>()).toMatchObject({
        code: "OPENING_CLOSED",
        details: { byName: "Nikos", at: clock.now().toISOString() },
      });
    }
    const payments = await database.db
      .selectFrom("table_opening_payments")
      .select(["amount_cents"])
      .where("opening_id", "=", opening.id)
      .execute();
    expect(payments).toEqual([{ amount_cents: 1500 }]);
  });

  it("20 concurrent FINAL receipts of a closed table with different keys: one receipt, one number; the others are its reprint", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 800 }] });
    const opening = await openingAt(TABLE);
    await ok(write(opening.id, "close", { version: opening.version, payment: CASH }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        write(opening.id, "receipts", { kind: "FINAL", language: i % 2 === 0 ? "ENG" : "GRE" }),
      ),
    );
    for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const receipts = answers.map((a) => a.json<ReceiptDto>());
    expect(new Set(receipts.map((r) => r.id)).size).toBe(1);
    expect(new Set(receipts.map((r) => r.number)).size).toBe(1);
    for (const receipt of receipts) expect(receipt).toEqual(receipts[0]);
    const finals = await database.db
      .selectFrom("receipts")
      .select("id")
      .where("opening_id", "=", opening.id)
      .where("kind", "=", "FINAL")
      .execute();
    expect(finals).toHaveLength(1);
    // A temporary receipt still takes the next number: no number was used up by the reprints.
    const temporary = await write(opening.id, "receipts", { kind: "TEMPORARY", language: "ENG" });
    expect(temporary.statusCode, temporary.body).toBe(201);
    expect(temporary.json<ReceiptDto>().number).toBe((receipts[0]?.number ?? 0) + 1);
  });

  it("a FINAL receipt after the table was reopened and closed again is a new receipt of the new closing", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 600 }] });
    const opening = await openingAt(TABLE);
    const closed = await ok(write(opening.id, "close", { version: opening.version, payment: CASH }));
    const first = await write(opening.id, "receipts", { kind: "FINAL", language: "ENG" });
    expect(first.statusCode, first.body).toBe(201);
    const reopened = await ok(write(opening.id, "reopen", { version: closed.version }, admin));
    await ok(write(opening.id, "close", { version: reopened.version, payment: CASH }));
    const second = await write(opening.id, "receipts", { kind: "FINAL", language: "ENG" });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<ReceiptDto>().id).not.toBe(first.json<ReceiptDto>().id);
    const again = await write(opening.id, "receipts", { kind: "FINAL", language: "ENG" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ReceiptDto>().id).toBe(second.json<ReceiptDto>().id);
  });

  it("the same key and body replay the stored answer byte for byte; another body 422; a stale version of an older app's request 409", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 300 }, { total: 400 }] });
    const opening = await openingAt(TABLE);
    const key = newKey();
    const body = { version: opening.version, lines: [{ lineId: opening.lines[0]?.id ?? 0 }], payment: CASH };
    const first = await write(opening.id, "pay", body, waiter, key);
    const second = await write(opening.id, "pay", body, waiter, key);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    const reused = await write(opening.id, "pay", { ...body, payment: { type: "BANK_ACCOUNT" } }, waiter, key);
    expect(reused.statusCode).toBe(422);
    // Picks without the lines as seen (an action queued by an older app): the table's version decides.
    const stale = await write(opening.id, "pay", { ...body, lines: [{ lineId: opening.lines[1]?.id ?? 0 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>()).toMatchObject({
      code: "OPENING_CHANGED",
      details: { version: opening.version + 1 },
    });
    expect((await detail(opening.id)).payments).toHaveLength(1);
  });

  it("a retry after a connection cut once the payment committed gets the stored answer; one payment", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 900 }] });
    const opening = await openingAt(TABLE);
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const serverPort = (server.app.server.address() as AddressInfo).port;
    const proxy = await startCuttingProxy(serverPort);
    try {
      const key = newKey();
      const path = `/api/staff/openings/${opening.id}/close`;
      const body = { version: opening.version, payment: { type: "CARD", cardTerminalId: TERMINAL } };
      const headers = { ...waiter, "idempotency-key": key };
      await expect(postJson(proxy.port, path, headers, body)).rejects.toThrow(/socket hang up|ECONNRESET/);
      expect(proxy.swallowed()).toBe(1);
      const paymentsOf = () =>
        database.db
          .selectFrom("table_opening_payments")
          .select(["type", "amount_cents"])
          .where("opening_id", "=", opening.id)
          .execute();
      expect(await paymentsOf()).toEqual([{ type: "CARD", amount_cents: 900 }]); // committed, unheard

      const retry = await postJson(serverPort, path, headers, body);
      expect(retry.status).toBe(200);
      expect(retry.replayed).toBe(true);
      const stored = await database.db
        .selectFrom("order_requests")
        .select("response_body")
        .where("idempotency_key", "=", key)
        .executeTakeFirstOrThrow();
      expect(retry.body).toBe(stored.response_body);
      expect(JSON.parse(retry.body)).toMatchObject({ id: opening.id, status: "CLOSED" });
      expect(await paymentsOf()).toEqual([{ type: "CARD", amount_cents: 900 }]);
    } finally {
      await proxy.close();
    }
  });

  it("a key used for one call and sent with another call or another opening: 422, nothing changes", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 300 }] });
    await acceptedOrder({ spotId: CHAIR, lines: [{ total: 500 }] });
    const [table, chair] = [await openingAt(TABLE), await openingAt(CHAIR)];
    const key = newKey();
    const body = { version: table.version, lines: null, payment: CASH };
    expect((await write(table.id, "pay", body, waiter, key)).statusCode).toBe(200);
    const otherCall = await write(table.id, "close", { version: table.version + 1, payment: CASH }, waiter, key);
    const otherOpening = await write(chair.id, "pay", { ...body, version: chair.version }, waiter, key);
    for (const refused of [otherCall, otherOpening]) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<ErrorBody>().code).toBe("IDEMPOTENCY_KEY_REUSED");
    }
    expect((await detail(table.id)).status).toBe("OPEN");
    expect(await detail(chair.id)).toMatchObject({ version: chair.version, payments: [] });
  });

  it("a write without an Idempotency-Key is refused", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/staff/openings/1/close",
      headers: waiter,
      payload: { version: 1, payment: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });
});

/** A pick of a line as the screen showed it (what the app sends): checked line by line. */
function asSeen(line: OpeningDetail["lines"][number] | undefined, quantity?: number) {
  if (line === undefined) throw new Error("no such line on the table");
  const seen = { quantity: line.quantity, amountCents: line.amountCents };
  return quantity === undefined ? { lineId: line.id, seen } : { lineId: line.id, quantity, seen };
}

async function paymentsOf(openingId: number): Promise<number[]> {
  const rows = await database.db
    .selectFrom("table_opening_payments")
    .select("amount_cents")
    .where("opening_id", "=", openingId)
    .orderBy("amount_cents")
    .execute();
  return rows.map((row) => row.amount_cents);
}

describe("two waiters on one table: a line action conflicts only with a change of its own lines", () => {
  it("two waiters paying different lines at once both succeed, from the same screen; one payment each", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 300 }, { total: 450 }, { total: 800 }] });
    const opening = await openingAt(TABLE);
    const [first, second] = opening.lines;
    const answers = await Promise.all([
      write(opening.id, "pay", { version: opening.version, lines: [asSeen(first)], payment: CASH }, waiter),
      write(opening.id, "pay", { version: opening.version, lines: [asSeen(second)], payment: CASH }, admin),
    ]);
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join("\n"),
    ).toEqual([200, 200]);
    expect(await paymentsOf(opening.id)).toEqual([300, 450]);
    const after = await detail(opening.id);
    expect(after.lines.map((line) => [line.amountCents, line.state, line.byName])).toEqual([
      [300, "PAID", "Nikos"],
      [450, "PAID", "Maria"],
      [800, "OPEN", null],
    ]);
    expect(after.amounts).toMatchObject({ paidCents: 750, remainingCents: 800 });
  });

  it("two payments of the same line at once: one winner; the other hears who paid it and when; one payment", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 600 }, { total: 200 }] });
    const opening = await openingAt(TABLE);
    const body = { version: opening.version, lines: [asSeen(opening.lines[0])], payment: CASH };
    const answers = await Promise.all([write(opening.id, "pay", body, waiter), write(opening.id, "pay", body, admin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    const loser = answers.find((answer) => answer.statusCode === 409);
    const winnerName = winner?.json<OpeningDetail>().payments[0]?.byName;
    expect(loser?.json<ErrorBody>()).toMatchObject({
      code: "LINE_ALREADY_SETTLED",
      details: { lineId: opening.lines[0]?.id, state: "PAID", byName: winnerName, at: clock.now().toISOString() },
    });
    expect(await paymentsOf(opening.id)).toEqual([600]);
  });

  it("the same line, with a treat at once: one winner, and the line is never both paid and treated", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 500 }] });
    const opening = await openingAt(TABLE);
    const picks = [asSeen(opening.lines[0])];
    const answers = await Promise.all([
      write(opening.id, "pay", { version: opening.version, lines: picks, payment: CASH }, waiter),
      write(opening.id, "treat", { version: opening.version, lines: picks, reason: "Birthday" }, admin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = await detail(opening.id);
    expect(after.amounts.paidCents + after.amounts.treatedCents).toBe(500);
    expect(await paymentsOf(opening.id)).toEqual(after.amounts.paidCents === 500 ? [500] : []);
  });

  it("a line another waiter paid part of meanwhile is not the one on the screen: OPENING_CHANGED naming it, nothing paid", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 900, quantity: 3 }, { total: 100 }] });
    const opening = await openingAt(TABLE);
    const [three] = opening.lines;
    await ok(write(opening.id, "pay", { version: opening.version, lines: [asSeen(three, 1)], payment: CASH }, admin));
    // Nikos still sees three pieces for 9 €: both his whole line and a piece of it are refused.
    for (const pick of [asSeen(three), asSeen(three, 1)]) {
      const refused = await write(opening.id, "pay", { version: opening.version, lines: [pick], payment: CASH });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<ErrorBody>()).toMatchObject({
        code: "OPENING_CHANGED",
        details: { lineId: three?.id, version: opening.version + 1 },
      });
    }
    expect(await paymentsOf(opening.id)).toEqual([300]);
  });

  it("a line moved to another table meanwhile: OPENING_CHANGED naming it; a line of no table of ours: 400", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 100 }, { total: 200 }] });
    const opening = await openingAt(TABLE);
    const [stays, moves] = opening.lines;
    await ok(
      write(opening.id, "transfer", { version: opening.version, targetSpotId: CHAIR, lines: [asSeen(moves)] }, admin),
    );
    const moved = await write(opening.id, "pay", { version: opening.version, lines: [asSeen(moves)], payment: CASH });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json<ErrorBody>()).toMatchObject({ code: "OPENING_CHANGED", details: { lineId: moves?.id } });
    const unknown = await write(opening.id, "pay", {
      version: opening.version,
      lines: [{ lineId: 999_999, seen: { quantity: 1, amountCents: 1 } }],
      payment: CASH,
    });
    expect(unknown.statusCode).toBe(400);
    // The line that stayed is paid from the same screen.
    await ok(write(opening.id, "pay", { version: opening.version, lines: [asSeen(stays)], payment: CASH }));
    expect(await paymentsOf(opening.id)).toEqual([100]);
  });

  it("the table as a whole still names its version: a close and a line payment at once have one winner", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 300 }, { total: 400 }] });
    const opening = await openingAt(TABLE);
    const answers = await Promise.all([
      write(opening.id, "close", { version: opening.version, payment: CASH }, admin),
      write(opening.id, "pay", { version: opening.version, lines: [asSeen(opening.lines[0])], payment: CASH }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)?.json<ErrorBody>().code;
    expect(["OPENING_CLOSED", "OPENING_CHANGED"]).toContain(loser);
    // Whoever won, the table's 7 € were collected once.
    expect((await paymentsOf(opening.id)).reduce((sum, cents) => sum + cents, 0)).toBe(
      loser === "OPENING_CLOSED" ? 700 : 300,
    );
  });

  it("paying every open line names the table as a whole: another waiter's payment meanwhile makes it OPENING_CHANGED", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 300 }, { total: 400 }] });
    const opening = await openingAt(TABLE);
    await ok(write(opening.id, "pay", { version: opening.version, lines: [asSeen(opening.lines[0])], payment: CASH }));
    const everything = await write(opening.id, "pay", { version: opening.version, lines: null, payment: CASH }, admin);
    expect(everything.statusCode).toBe(409);
    expect(everything.json<ErrorBody>()).toMatchObject({
      code: "OPENING_CHANGED",
      details: { version: opening.version + 1 },
    });
    expect(await paymentsOf(opening.id)).toEqual([300]);
  });
});

describe("receipts, reopening, the day summary", () => {
  it("a temporary receipt any time, a final one after close, numbered per store per day; reprint is the same paper", async () => {
    await closeAllOpen();
    await database.db.deleteFrom("receipts").execute();
    await database.db.deleteFrom("receipt_daily_counters").execute();
    await acceptedOrder({ lines: [{ total: 990 }] });
    const opening = await openingAt(TABLE);
    const early = await write(opening.id, "receipts", { kind: "FINAL", language: "ENG" });
    expect(early.statusCode).toBe(409);
    const temporary = await write(opening.id, "receipts", { kind: "TEMPORARY", language: "GRE" });
    expect(temporary.statusCode, temporary.body).toBe(201);
    // A receipt is a paper in its own language: the spot's name is frozen in it.
    expect(temporary.json<ReceiptDto>()).toMatchObject({
      number: 1,
      kind: "TEMPORARY",
      language: "GRE",
      spotName: "Τραπέζι 1",
      amounts: { remainingCents: 990 },
    });
    const closed = await ok(write(opening.id, "close", { version: opening.version, payment: CASH }));
    const final = await write(closed.id, "receipts", { kind: "FINAL", language: "ENG" });
    const receipt = final.json<ReceiptDto>();
    expect(receipt).toMatchObject({
      number: 2,
      kind: "FINAL",
      language: "ENG",
      spotName: "Table 1",
      amounts: { paidCents: 990 },
    });
    expect(receipt.payments).toEqual([expect.objectContaining({ type: "CASH", amountCents: 990 })]);
    const reprint = await server.app.inject({
      method: "GET",
      url: `/api/staff/receipts/${receipt.id}`,
      headers: waiter,
    });
    expect(reprint.json()).toEqual(receipt);
    const foreign = await server.app.inject({
      method: "GET",
      url: `/api/staff/receipts/${receipt.id}`,
      headers: otherStoreWaiter,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await detail(closed.id)).receipts.map((r) => r.number)).toEqual([1, 2]);

    // The sequence is per store: store 2's first receipt of the day is its number 1.
    await acceptedOrder({ otherStore: true, lines: [{ total: 450 }] });
    const list = await server.app.inject({
      method: "GET",
      url: "/api/staff/openings?kind=tables",
      headers: otherStoreWaiter,
    });
    const [otherOpening] = list.json<OpenOpenings>().openings;
    const otherReceipt = await write(
      otherOpening?.id ?? 0,
      "receipts",
      { kind: "TEMPORARY", language: "GRE" },
      otherStoreWaiter,
    );
    expect(otherReceipt.statusCode, otherReceipt.body).toBe(201);
    expect(otherReceipt.json<ReceiptDto>()).toMatchObject({ number: 1, storeId: OTHER_STORE });
  });

  it("a receipt stored before spots had names per language still reprints, its one name shown in every language", async () => {
    await closeAllOpen();
    await acceptedOrder({ spotId: ROOM, lines: [{ total: 100 }] });
    await acceptedOrder({ lines: [{ total: 500 }] });
    const table = await openingAt(TABLE);
    const charged = await ok(
      write(table.id, "pay", {
        version: table.version,
        lines: null,
        payment: { type: "CHARGE_TO_ROOM", roomSpotId: ROOM },
      }),
    );
    const room = await openingAt(ROOM, "rooms");
    const everyLanguage = (name: string) => ({ GRE: { name }, ENG: { name } });
    /** Issues a receipt, then stores its snapshot as the app did before: one name per spot. */
    const oldReceipt = async (openingId: number, spotName: string): Promise<ReceiptDto> => {
      const issued = await write(openingId, "receipts", { kind: "TEMPORARY", language: "ENG" });
      expect(issued.statusCode, issued.body).toBe(201);
      const { id, ...snapshot } = issued.json<ReceiptDto>();
      const old = {
        ...snapshot,
        spotName,
        lines: snapshot.lines.map(({ movedFromSpotNames, ...line }) => ({
          ...line,
          movedFromSpotName: movedFromSpotNames === null ? null : "Table 1",
        })),
        payments: snapshot.payments.map(({ roomNames, ...payment }) => ({
          ...payment,
          roomName: roomNames === null ? null : "Room 104",
        })),
      };
      await database.db
        .updateTable("receipts")
        .set({ snapshot: JSON.stringify(old) })
        .where("id", "=", id)
        .execute();
      const reprint = await server.app.inject({ method: "GET", url: `/api/staff/receipts/${id}`, headers: waiter });
      expect(reprint.statusCode, reprint.body).toBe(200);
      return reprint.json<ReceiptDto>();
    };
    const tablePaper = await oldReceipt(charged.id, "Table 1");
    expect(tablePaper.spotName).toBe("Table 1");
    expect(tablePaper.payments).toEqual([
      expect.objectContaining({ type: "CHARGE_TO_ROOM", roomNames: everyLanguage("Room 104") }),
    ]);
    const roomPaper = await oldReceipt(room.id, "Room 104");
    expect(roomPaper.lines.map((line) => line.movedFromSpotNames)).toEqual([null, everyLanguage("Table 1")]);
  });

  it("reopen: admins only, on the day it was closed", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 100 }] });
    const opening = await openingAt(TABLE);
    const closed = await ok(write(opening.id, "close", { version: opening.version, payment: CASH }));
    const byWaiter = await write(closed.id, "reopen", { version: closed.version });
    expect(byWaiter.json<ErrorBody>().code).toBe("REOPEN_NOT_ALLOWED");
    const reopened = await ok(write(closed.id, "reopen", { version: closed.version }, admin));
    expect(reopened.status).toBe("OPEN");
    const closedAgain = await ok(write(closed.id, "close", { version: reopened.version, payment: null }));
    clock.advance(DAY);
    try {
      // A new session: the day-old jwt has expired.
      const nextDayAdmin = await pinSession(SAMPLE.storeId, "4821");
      const nextDay = await write(closed.id, "reopen", { version: closedAgain.version }, nextDayAdmin);
      expect(nextDay.statusCode).toBe(403);
      expect(nextDay.json<ErrorBody>().code).toBe("REOPEN_NOT_ALLOWED");
    } finally {
      clock.advance(-DAY);
    }
  });

  it("the day summary: admins only; totals by type add up to what was paid; treated with reasons; receivables", async () => {
    const forbidden = await server.app.inject({ method: "GET", url: "/api/staff/day-summary", headers: waiter });
    expect(forbidden.statusCode).toBe(403);
    const response = await server.app.inject({ method: "GET", url: "/api/staff/day-summary", headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<DaySummary>();
    const payments = await database.db
      .selectFrom("table_opening_payments")
      .select("amount_cents")
      .where("store_id", "=", SAMPLE.storeId)
      .execute();
    expect(summary.paidCents).toBe(payments.reduce((sum, p) => sum + p.amount_cents, 0));
    expect(summary.totalsByType.reduce((sum, t) => sum + t.amountCents, 0)).toBe(summary.paidCents);
    expect(summary.totalsByType.map((t) => t.type)).toEqual([
      "CASH",
      "CARD",
      "BANK_ACCOUNT",
      "ON_CREDIT",
      "CHARGE_TO_ROOM",
      "SELF_PUBLISH",
    ]);
    expect(summary.adjustments).toContainEqual(
      expect.objectContaining({ state: "TREATED", reason: "Birthday", byName: "Maria", spotNames: TABLE_NAMES }),
    );
    expect(summary.receivables).toContainEqual(expect.objectContaining({ account: "Travel Co.", amountCents: 400 }));
    expect(summary.openingsClosed).toBeGreaterThan(0);
  });
});

describe("only the staff of the store", () => {
  it("store 2's waiter gets nothing of store 1 on any call; guests are refused; nothing changes", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 600 }] });
    const opening = await openingAt(TABLE);
    const list = await server.app.inject({
      method: "GET",
      url: "/api/staff/openings?kind=tables",
      headers: otherStoreWaiter,
    });
    expect(list.json<OpenOpenings>().openings).toEqual([]);
    const read = await server.app.inject({
      method: "GET",
      url: `/api/staff/openings/${opening.id}`,
      headers: otherStoreWaiter,
    });
    expect(read.statusCode).toBe(404);
    const writes: Array<[string, object]> = [
      ["pay", { version: opening.version, lines: null, payment: CASH }],
      ["treat", { version: opening.version, lines: [{ lineId: opening.lines[0]?.id ?? 0 }], reason: "x" }],
      ["cancel", { version: opening.version, lines: [{ lineId: opening.lines[0]?.id ?? 0 }], reason: "x" }],
      ["close", { version: opening.version, payment: CASH }],
      ["transfer", { version: opening.version, targetSpotId: CHAIR, lines: null }],
      ["reopen", { version: opening.version }],
      ["receipts", { kind: "TEMPORARY", language: "GRE" }],
    ];
    for (const [action, payload] of writes) {
      const response = await write(opening.id, action, payload, otherStoreWaiter);
      expect(response.statusCode, action).toBe(404);
      const byGuest = await write(opening.id, action, payload, guest);
      expect(byGuest.statusCode, action).toBe(403);
    }
    // Nor can store 1's waiter reach into store 2: its room is no room to charge to.
    const foreignRoom = await write(opening.id, "pay", {
      version: opening.version,
      lines: null,
      payment: { type: "CHARGE_TO_ROOM", roomSpotId: ROOM + OTHER_OFFSET },
    });
    expect(foreignRoom.statusCode).toBe(404);
    expect(foreignRoom.json<ErrorBody>().code).toBe("ROOM_NOT_OPEN");
    const after = await detail(opening.id);
    expect(after).toEqual(opening);
    const guestList = await server.app.inject({
      method: "GET",
      url: "/api/staff/openings?kind=tables",
      headers: guest,
    });
    expect(guestList.statusCode).toBe(403);
  });
});

describe("GET /api/checkout on a PDA (the Checkout's held data)", () => {
  it("a staff session of the store gets tablesWithOpenings, waiters, card terminals, outlets and table families; others none", async () => {
    await closeAllOpen();
    await acceptedOrder({ lines: [{ total: 450 }] });
    const url = `/api/checkout?serviceId=${SAMPLE.serviceId}&tableId=205`;
    const forWaiter = (await server.app.inject({ method: "GET", url, headers: waiter })).json();
    expect(forWaiter.tablesWithOpenings).toEqual([
      { spotId: TABLE, openingId: expect.any(Number), remainingCents: 450 },
    ]);
    expect(forWaiter.waiters).toEqual([
      { id: 300, name: "Maria", role: "ADMIN" },
      { id: 301, name: "Nikos", role: "WAITER", signedIn: true },
    ]);
    expect(forWaiter.cardTerminals).toEqual([{ id: TERMINAL, name: "POS 1" }]);
    expect(forWaiter.tableFamilySections).toEqual([
      { family: "Terrace", sections: ["Terrace"] },
      { family: "Front row", sections: ["Front row"] },
    ]);
    expect(forWaiter.restaurantsWithTheirTables).toEqual([]);
    for (const headers of [{}, guest, otherStoreWaiter]) {
      const other = (await server.app.inject({ method: "GET", url, headers })).json();
      expect(other.tablesWithOpenings).toBeUndefined();
      expect(other.waiters).toBeUndefined();
      expect(other.availableTables.length).toBeGreaterThan(0);
    }
  });
});
