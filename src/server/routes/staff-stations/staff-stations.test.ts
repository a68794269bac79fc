/**
 * Kitchen and bar, server side end to end, on SQLite and PostgreSQL: an accepted order becomes one
 * ticket per station (routed by item, category, service and outlet); ready, recall and picked up
 * with one winner when two screens act at once; the guest told "being prepared / ready / on its
 * way" where the store shows it; a line canceled on the table struck off its ticket; printing to a
 * network printer (the fake one on loopback), retried while it is off, with the PDA's alert; and
 * another store's staff see nothing.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../../domain/error-codes";
import { CANCELED_TICKET_SHOWN_MS } from "../../../domain/kitchen";
import type { PrinterStatusDto, StationDto, TicketChangedEvent, TicketDto } from "../../../domain/kitchen-api";
import type { OrderDto, OrderStatusEvent } from "../../../domain/orders-api";
import type { OpeningDetail, OpenOpenings } from "../../../domain/table-openings-api";
import { insertOrder, RecordingPayments, SAMPLE } from "../../orders/status-changes.test-support";
import { type FakePrinter, startFakePrinter } from "../../printing/fake-printer";
import { InProcessOrderEvents } from "../../realtime/order-events";
import { signInStaff } from "../../realtime/test-orders";
import { FIXTURE_IMAGES_DIR, sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { MINUTE, SECOND, testClock } from "../../test-support/clock";
import { insertOrderLineRow } from "../../test-support/order-rows";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importVenue } from "../../venue/import";
import type { VenueFile } from "../../venue/venue-file";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const events = new InProcessOrderEvents();
const server = setUpTestApp(() => database.db, {
  now: clock.now,
  payments: new RecordingPayments(),
  orderEvents: events,
});

const TABLE = SAMPLE.spotId; // Table 1, section "Terrace"
const UMBRELLA = 201; // Umbrella 12, section "Front row": the pool outlet below
const FREDDO = 1000; // Coffee (category 100) of the beach bar (service 10)
const GREEK_COFFEE = 1001;
const SEA_BREAM = 1003; // Fish (category 102), per kg
const BAR = 60;
const KITCHEN = 61;
const POOL_BAR = 62;
const OTHER_STORE = 2;
const OTHER_OFFSET = 10_000;

let printer: FakePrinter;
let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherStoreWaiter: Record<string, string>;
let guest: Record<string, string>;
let guestId: number;
const ticketEvents: TicketChangedEvent[] = [];
const orderEvents: OrderStatusEvent[] = [];

function kitchenVenue(printerPort: number): VenueFile {
  const venue = sampleVenue();
  venue.store.preparationShown = true;
  venue.outlets = [{ id: 70, names: { GRE: { name: "Πισίνα" }, ENG: { name: "Pool" } }, sections: ["Front row"] }];
  venue.stations = [
    { id: BAR, names: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } }, services: [10] },
    {
      id: KITCHEN,
      names: { GRE: { name: "Κουζίνα" }, ENG: { name: "Kitchen" } },
      categories: [102],
      items: [GREEK_COFFEE],
      printer: { host: "127.0.0.1", port: printerPort, codePage: "cp737" },
    },
    {
      id: POOL_BAR,
      names: { GRE: { name: "Μπαρ πισίνας" }, ENG: { name: "Pool bar" } },
      services: [10],
      outlets: [70],
    },
  ];
  return venue;
}

beforeAll(async () => {
  printer = await startFakePrinter();
  await importFixture(database.db, kitchenVenue(printer.port));
  const other = sampleVenue({ storeId: OTHER_STORE, idOffset: OTHER_OFFSET });
  other.stations = [
    { id: BAR + OTHER_OFFSET, names: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } }, services: [10 + OTHER_OFFSET] },
  ];
  await importFixture(database.db, other);
  waiter = authHeaders(await signInStaff(server.app, SAMPLE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, SAMPLE.storeId, "4821"));
  otherStoreWaiter = authHeaders(await signInStaff(server.app, OTHER_STORE, "1357"));
  const signedIn = await signInGuest(server.app, database.db, greekMobile(61));
  guest = authHeaders(signedIn);
  guestId = signedIn.userId;
  events.subscribeTickets((event) => ticketEvents.push(event));
  events.subscribe((event) => orderEvents.push(event));
});

afterAll(async () => {
  await printer.stop();
});

interface Line {
  itemId: number;
  quantity?: number;
  grams?: number;
  comment?: string;
}

/** A guest's order at a spot, accepted by the waiter; its jobs run. */
async function acceptedOrder(lines: Line[], spotId: number = TABLE): Promise<number> {
  const id = await insertOrder(database.db, { userId: guestId, spotId, createdAt: clock.now().toISOString() });
  for (const [position, line] of lines.entries()) {
    const item = await database.db
      .selectFrom("items")
      .select("names")
      .where("id", "=", line.itemId)
      .executeTakeFirstOrThrow();
    await insertOrderLineRow(database.db, {
      order_id: id,
      names: item.names,
      item_id: line.itemId,
      position,
      quantity: line.quantity ?? 1,
      grams: line.grams ?? null,
      comment: line.comment ?? "",
      unit_price_cents: 350,
      total_cents: 350 * (line.quantity ?? 1),
    });
  }
  const accepted = await post(`/api/staff/orders/${id}/accept`, waiter);
  expect(accepted.statusCode, accepted.body).toBe(200);
  await server.app.jobWorker.drain();
  return id;
}

function post(url: string, headers: Record<string, string>, key = randomUUID()): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: "POST", url, headers: { ...headers, "idempotency-key": key } });
}

async function get<T>(url: string, headers = waiter): Promise<T> {
  const response = await server.app.inject({ method: "GET", url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const ticketsAt = (stationId: number, state = "ACTIVE") =>
  get<TicketDto[]>(`/api/staff/stations/${stationId}/tickets${state === "READY" ? "?state=READY" : ""}`);

async function ticketOf(stationId: number, orderId: number): Promise<TicketDto> {
  const ticket = (await ticketsAt(stationId)).find((t) => t.orderId === orderId);
  if (ticket === undefined) throw new Error(`no active ticket of order ${orderId} at station ${stationId}`);
  return ticket;
}

async function act(ticket: TicketDto, action: string, headers = waiter): Promise<TicketDto> {
  const response = await post(`/api/staff/stations/${ticket.stationId}/tickets/${ticket.id}/${action}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  await server.app.jobWorker.drain();
  return response.json<TicketDto>();
}

const guestOrder = (orderId: number) => get<OrderDto>(`/api/orders/${orderId}`, guest);

describe("an accepted order reaches the stations that make it", () => {
  it("the stations of the store, each with an id (GET /api/staff/stations?storeId=)", async () => {
    const stations = await get<StationDto[]>(`/api/staff/stations?storeId=${SAMPLE.storeId}`);
    expect(stations.map((s) => [s.id, s.names.ENG.name, s.printer])).toEqual([
      [BAR, "Bar", false],
      [KITCHEN, "Kitchen", true],
      [POOL_BAR, "Pool bar", false],
    ]);
  });

  it("one ticket per station, with its lines, options, comment, kilos, spot, daily number and waiter", async () => {
    const orderId = await acceptedOrder([
      { itemId: FREDDO, quantity: 2, comment: "χωρίς ζάχαρη" },
      { itemId: SEA_BREAM, grams: 850 },
      { itemId: GREEK_COFFEE },
    ]);
    const bar = await ticketOf(BAR, orderId);
    expect(bar.lines.map((line) => [line.names.GRE.name, line.quantity, line.comment])).toEqual([
      ["Φρέντο εσπρέσο", 2, "χωρίς ζάχαρη"],
    ]);
    expect(bar).toMatchObject({ state: "ACTIVE", spotNames: { ENG: { name: "Table 1" } }, waiterName: "Nikos" });
    const kitchen = await ticketOf(KITCHEN, orderId);
    // The item's own station wins over its service's: the Greek coffee is made in the kitchen.
    expect(kitchen.lines.map((line) => [line.names.ENG.name, line.grams])).toEqual([
      ["Sea bream", 850],
      ["Greek coffee", null],
    ]);
    expect(kitchen.dailyNumber).toBe(bar.dailyNumber);
    expect(
      ticketEvents
        .filter((event) => event.orderId === orderId)
        .map((event) => event.stationId)
        .sort(),
    ).toEqual([BAR, KITCHEN]);
  });

  it("a spot of an outlet is served by that outlet's station (the pool bar), other lines as before", async () => {
    const orderId = await acceptedOrder([{ itemId: FREDDO }, { itemId: SEA_BREAM, grams: 500 }], UMBRELLA);
    expect((await ticketOf(POOL_BAR, orderId)).lines).toHaveLength(1);
    expect((await ticketOf(KITCHEN, orderId)).lines).toHaveLength(1);
    expect((await ticketsAt(BAR)).some((ticket) => ticket.orderId === orderId)).toBe(false);
  });
});

describe("ready comes back to the waiter and the guest", () => {
  it("being prepared, ready when every station is done, on its way once the waiter took it all", async () => {
    const orderId = await acceptedOrder([{ itemId: FREDDO }, { itemId: SEA_BREAM, grams: 600 }]);
    expect((await guestOrder(orderId)).preparation).toBe("PREPARING");

    const bar = await act(await ticketOf(BAR, orderId), "ready");
    expect(bar.state).toBe("READY");
    expect((await ticketsAt(BAR)).some((ticket) => ticket.id === bar.id)).toBe(false);
    expect((await ticketsAt(BAR, "READY"))[0]?.id).toBe(bar.id);
    expect((await get<TicketDto[]>("/api/staff/tickets/ready")).map((ticket) => ticket.id)).toContain(bar.id);
    expect((await guestOrder(orderId)).preparation).toBe("PREPARING");

    // Line by line: the ticket is ready with its last line.
    const kitchen = await ticketOf(KITCHEN, orderId);
    const lineReady = await post(
      `/api/staff/stations/${KITCHEN}/tickets/${kitchen.id}/lines/${kitchen.lines[0]?.index}/ready`,
      waiter,
    );
    expect(lineReady.json<TicketDto>().state).toBe("READY");
    await server.app.jobWorker.drain();
    expect((await guestOrder(orderId)).preparation).toBe("READY");
    expect(orderEvents.filter((event) => event.orderId === orderId).at(-1)?.preparation).toBe("READY");

    await act(bar, "picked-up");
    await act(lineReady.json<TicketDto>(), "picked-up");
    expect((await guestOrder(orderId)).preparation).toBe("ON_ITS_WAY");
    expect((await get<TicketDto[]>("/api/staff/tickets/ready")).some((t) => t.orderId === orderId)).toBe(false);
  });

  it("recall puts a ticket made back on the display, and its guest reads 'being prepared' again", async () => {
    const orderId = await acceptedOrder([{ itemId: FREDDO }]);
    const ready = await act(await ticketOf(BAR, orderId), "ready");
    const readyAt = (await guestOrder(orderId)).updatedAt;
    clock.advance(SECOND);
    const recalled = await act(ready, "recall");
    // The guest is told it is being prepared again, as a newer change of the order.
    const again = await guestOrder(orderId);
    expect(again.preparation).toBe("PREPARING");
    expect(Date.parse(again.updatedAt)).toBeGreaterThan(Date.parse(readyAt));
    expect(recalled.state).toBe("ACTIVE");
    expect(recalled.lines.every((line) => !line.ready)).toBe(true);
    expect((await ticketOf(BAR, orderId)).id).toBe(ready.id);
  });

  it("two screens marking one ticket ready at once: one wins, the other gets TICKET_CHANGED", async () => {
    const ticket = await ticketOf(BAR, await acceptedOrder([{ itemId: FREDDO }]));
    const url = `/api/staff/stations/${BAR}/tickets/${ticket.id}/ready`;
    const answers = await Promise.all([post(url, waiter), post(url, admin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json<ErrorBody>()).toMatchObject({ code: "TICKET_CHANGED", details: { state: "READY" } });
  });

  it("a repeat with the same Idempotency-Key answers the stored answer; without a key 400", async () => {
    const ticket = await ticketOf(BAR, await acceptedOrder([{ itemId: FREDDO }]));
    const url = `/api/staff/stations/${BAR}/tickets/${ticket.id}/ready`;
    const key = randomUUID();
    const first = await post(url, waiter, key);
    const again = await post(url, waiter, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const keyless = await server.app.inject({ method: "POST", url, headers: waiter });
    expect(keyless.json<ErrorBody>().code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });
});

describe("a dish canceled on the table after it was sent", () => {
  it("is struck off its ticket, and a ticket with nothing left is CANCELED", async () => {
    const orderId = await acceptedOrder([
      { itemId: FREDDO, quantity: 2 },
      { itemId: SEA_BREAM, grams: 700 },
    ]);
    const list = await get<OpenOpenings>("/api/staff/openings?kind=tables", admin);
    const openingId = list.openings.find((opening) => opening.spot.id === TABLE)?.id;
    const opening = await get<OpeningDetail>(`/api/staff/openings/${openingId}`, admin);
    const fish = opening.lines.find((line) => line.orderId === orderId && line.names.ENG.name === "Sea bream");
    const coffee = opening.lines.find((line) => line.orderId === orderId && line.names.ENG.name === "Freddo espresso");
    const cancel = await server.app.inject({
      method: "POST",
      url: `/api/staff/openings/${openingId}/cancel`,
      headers: { ...admin, "idempotency-key": randomUUID() },
      payload: {
        version: opening.version,
        reason: "Ο πελάτης το άλλαξε",
        lines: [{ lineId: fish?.id }, { lineId: coffee?.id, quantity: 1 }],
      },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await server.app.jobWorker.drain();
    const bar = await ticketOf(BAR, orderId);
    expect(bar).toMatchObject({ changed: true, state: "ACTIVE" });
    expect(bar.lines[0]).toMatchObject({ quantity: 2, canceledQuantity: 1 });
    // A ticket canceled wholly stays on its display a while, as CANCELED, so the cook sees why it went.
    const struck = (await ticketsAt(KITCHEN)).find((ticket) => ticket.orderId === orderId);
    expect(struck).toMatchObject({ state: "CANCELED", changed: true, lines: [{ canceledQuantity: 1 }] });
    clock.advance(CANCELED_TICKET_SHOWN_MS);
    expect((await ticketsAt(KITCHEN)).some((ticket) => ticket.orderId === orderId)).toBe(false);
    const canceled = await database.db.selectFrom("tickets").select("state").where("order_id", "=", orderId).execute();
    expect(canceled.map((row) => row.state).sort()).toEqual(["ACTIVE", "CANCELED"]);
    // The kitchen's printer got the cancellation slip.
    expect(printer.prints.at(-1)?.text).toContain("ΑΚΥΡΩΣΗ");
  });
});

describe("a station's network printer", () => {
  it("prints the ticket in Greek in the printer's code page, and cuts", async () => {
    const before = printer.prints.length;
    await acceptedOrder([{ itemId: GREEK_COFFEE, comment: "μέτριος" }]);
    const print = printer.prints[before];
    expect(print?.codePage).toBe("cp737");
    expect(print?.text).toContain("Κουζίνα");
    expect(print?.text).toContain("μέτριος");
    expect(print?.cut).toBe(true);
  });

  it("F28 and F7: a member order's ticket says ΜΕΛΟΣ / MEMBER; a request line says ΑΙΤΗΜΑ / REQUEST; a served order names its waiter", async () => {
    const before = printer.prints.length;
    const id = await insertOrder(database.db, { userId: guestId, spotId: TABLE, createdAt: clock.now().toISOString() });
    await database.db
      .updateTable("orders")
      .set({ member_prices: 1, served_by_staff_id: 300 })
      .where("id", "=", id)
      .execute();
    const item = await database.db
      .selectFrom("items")
      .select("names")
      .where("id", "=", GREEK_COFFEE)
      .executeTakeFirstOrThrow();
    await insertOrderLineRow(database.db, {
      order_id: id,
      names: item.names,
      item_id: GREEK_COFFEE,
      position: 0,
      quantity: 2,
      grams: null,
      comment: "",
      unit_price_cents: 0,
      total_cents: 0,
      request: 1,
    });
    expect((await post(`/api/staff/orders/${id}/accept`, waiter)).statusCode).toBe(200);
    await server.app.jobWorker.drain();
    const print = printer.prints[before];
    expect(print?.text).toContain("ΜΕΛΟΣ / MEMBER");
    expect(print?.text).toMatch(/2 x .*\n +ΑΙΤΗΜΑ \/ REQUEST\n/);
    // Served by Maria (staff 300), not Nikos who accepted it.
    expect(print?.text).toContain("Maria");
  });

  it("a printer that is off: retried, the PDAs see the alert, and the ticket prints once when it is back", async () => {
    const port = printer.port;
    await printer.stop();
    // Where the printer was, something that drops every connection: it counts the attempts.
    let attempts = 0;
    const dropping = createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(port, "127.0.0.1", resolve));
    const orderId = await acceptedOrder([{ itemId: GREEK_COFFEE, comment: "διπλός" }]);
    await acceptedOrder([{ itemId: GREEK_COFFEE, comment: "σκέτος" }]);
    // The second ticket did not try a printer that failed moments ago.
    expect(attempts).toBe(1);
    await new Promise<void>((resolve) => dropping.close(() => resolve()));
    let statuses = await get<PrinterStatusDto[]>("/api/staff/printers");
    expect(statuses).toEqual([
      { stationId: KITCHEN, failingSince: expect.any(String), problem: expect.any(String), waiting: 2 },
    ]);
    clock.advance(MINUTE);
    await server.app.jobWorker.drain();
    statuses = await get<PrinterStatusDto[]>("/api/staff/printers");
    expect(Date.parse(clock.now().toISOString()) - Date.parse(statuses[0]?.failingSince ?? "")).toBeGreaterThanOrEqual(
      MINUTE,
    );

    printer = await startFakePrinter({ port });
    clock.advance(10 * SECOND);
    await server.app.jobWorker.drain();
    expect(printer.prints.filter((print) => print.text.includes("διπλός"))).toHaveLength(1);
    expect(printer.prints.filter((print) => print.text.includes("σκέτος"))).toHaveLength(1);
    statuses = await get<PrinterStatusDto[]>("/api/staff/printers");
    expect(statuses).toEqual([{ stationId: KITCHEN, failingSince: null, problem: null, waiting: 0 }]);
    // A reprint is marked as a copy.
    await act(await ticketOf(KITCHEN, orderId), "reprint");
    expect(printer.prints.at(-1)?.text).toContain("ΑΝΤΙΓΡΑΦΟ");
  });
});

describe("a printer that numbers its code pages its own way", () => {
  it("gets the number the venue file gives (codePageNumber), so its Greek prints right", async () => {
    const clone = await startFakePrinter({ codePageNumbers: { cp737: 24 } });
    const venue = kitchenVenue(clone.port);
    const kitchen = venue.stations?.[1];
    if (kitchen?.printer) kitchen.printer.codePageNumber = 24;
    await importFixture(database.db, venue);
    await acceptedOrder([{ itemId: GREEK_COFFEE, comment: "γλυκός" }]);
    expect(clone.prints.at(-1)?.codePage).toBe("cp737");
    expect(clone.prints.at(-1)?.text).toContain("γλυκός");
    await importFixture(database.db, kitchenVenue(printer.port));
    await clone.stop();
  });
});

describe("only the staff of the store", () => {
  it("another store's staff get 404, a guest 403, no session 401", async () => {
    const ticket = await ticketOf(BAR, await acceptedOrder([{ itemId: FREDDO }]));
    const other = await server.app.inject({
      method: "GET",
      url: `/api/staff/stations/${BAR}/tickets`,
      headers: otherStoreWaiter,
    });
    expect([other.statusCode, other.json<ErrorBody>().code]).toEqual([404, "STATION_NOT_FOUND"]);
    const otherStores = await server.app.inject({
      method: "GET",
      url: `/api/staff/stations?storeId=${SAMPLE.storeId}`,
      headers: otherStoreWaiter,
    });
    expect(otherStores.statusCode).toBe(404);
    const write = await post(`/api/staff/stations/${BAR}/tickets/${ticket.id}/ready`, otherStoreWaiter);
    expect(write.statusCode).toBe(404);
    const byGuest = await server.app.inject({
      method: "GET",
      url: `/api/staff/stations/${BAR}/tickets`,
      headers: guest,
    });
    expect(byGuest.statusCode).toBe(403);
    const anonymous = await server.app.inject({ method: "GET", url: `/api/staff/stations/${BAR}/tickets` });
    expect(anonymous.statusCode).toBe(401);
    expect((await ticketOf(BAR, ticket.orderId)).state).toBe("ACTIVE");
  });
});

describe("a venue file's stations are checked before anything is written", () => {
  it("a route to an unknown item, a clash, a malformed printer address: path-precise messages", async () => {
    const venue = kitchenVenue(9100);
    const stations = venue.stations ?? [];
    stations[0] = { ...stations[0], id: BAR, names: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } }, items: [999_999] };
    stations[1] = { ...stations[1], id: KITCHEN, names: { GRE: { name: "Κ" }, ENG: { name: "K" } }, services: [10] };
    const outcome = await importVenue(database.db, venue, { imagesDir: FIXTURE_IMAGES_DIR });
    expect(outcome.ok).toBe(false);
    const issues = outcome.ok ? [] : outcome.issues.map((issue) => `${issue.path}: ${issue.message}`);
    expect(issues).toContain("stations[0].items[0]: no item of this store has id 999999");
    expect(issues).toContain(
      "stations[1].services[0]: services id 10 is made by station 60 already; a line needs one station",
    );

    const badHost = kitchenVenue(9100);
    const kitchen = badHost.stations?.[1];
    if (kitchen?.printer) kitchen.printer.host = "192.168.1.300";
    const refused = await importVenue(database.db, badHost, { imagesDir: FIXTURE_IMAGES_DIR });
    expect(refused.ok ? [] : refused.issues.map((issue) => issue.path)).toEqual(["stations[1].printer.host"]);
    const spaces = kitchenVenue(9100);
    const spaced = spaces.stations?.[1];
    if (spaced?.printer) spaced.printer.host = "printer one";
    const shape = await importVenue(database.db, spaces, { imagesDir: FIXTURE_IMAGES_DIR });
    expect(shape.ok ? [] : shape.issues.map((issue) => issue.path)).toEqual(["stations[1].printer.host"]);
    // Nothing was written: the stations are still the ones imported first.
    expect((await get<StationDto[]>("/api/staff/stations")).map((s) => s.id)).toEqual([BAR, KITCHEN, POOL_BAR]);
  });
});
