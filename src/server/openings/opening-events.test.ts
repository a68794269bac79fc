/**
 * Open tables are live on the store's STOMP topic, so every waiter sees a change at once: every committed change of an opening
 * reaches the staff of its store on /topic/stores/{storeId}/openings as an OpeningChangedEvent
 * (the accept that starts or joins it, a payment, a move, the close), never a change that was
 * refused or a replay, and nobody else may listen. On PostgreSQL the change crosses API processes.
 * Real parts: the whole API on a loopback port, real WebSocket clients, the demo venues, real
 * sign-ins; the cross-process case runs src/server/main.ts in a child process.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeOpeningsDestination, storeOrdersDestination } from "../../domain/order-topics";
import type { OpeningChangedEvent, OpeningDetail } from "../../domain/table-openings-api";
import type { App } from "../app";
import type { Database } from "../db/schema";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { InProcessOrderEvents } from "../realtime/order-events";
import { PostgresOrderEvents } from "../realtime/postgres-order-events";
import type { StompFrame } from "../realtime/stomp-frames";
import { signInStaff } from "../realtime/test-orders";
import { type RunningServer, startApiServer, startMainProcess } from "../realtime/test-servers";
import { connectStomp, type RawStompClient } from "../realtime/test-stomp-client";
import { greekMobile, signInGuest } from "../test-support/accounts";
import { insertOrderLineRow, insertOrderRow } from "../test-support/order-rows";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../venue/demo-venues";

const ctx = setUpTestDatabase();
const BEACH_HOTEL = 7;
const CITY_CAFE = 132;
const RESTAURANT = 7003; // the beach hotel's restaurant service
const TABLE_1 = 7401;
const TABLE_2 = 7402;
const TABLE_3 = 7403;
const ITEM = 70101;

type Session = { userId: number; authToken: string; jwt: string };
let server: RunningServer & { app: App };
let waiter: Session;
let cafeWaiter: Session;
let guestId: number;
let guest: Session;
const clients: RawStompClient[] = [];

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  server = await startApiServer(ctx.db, new InProcessOrderEvents());
  waiter = await signInStaff(server.app, BEACH_HOTEL, "2580");
  cafeWaiter = await signInStaff(server.app, CITY_CAFE, "1324");
  const signedIn = await signInGuest(server.app, ctx.db, greekMobile(701));
  guest = signedIn;
  guestId = signedIn.userId;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

/** A guest's cash order of one line at a spot of the beach hotel, waiting for the waiter. */
async function waitingOrder(db: Kysely<Database>, spotId: number, cents: number): Promise<number> {
  const orderId = await insertOrderRow(db, {
    user_id: guestId,
    store_id: BEACH_HOTEL,
    service_id: RESTAURANT,
    spot_id: spotId,
    subtotal_cents: cents,
  });
  await insertOrderLineRow(db, { order_id: orderId, item_id: ITEM, unit_price_cents: cents });
  return orderId;
}

async function accept(app: App, orderId: number): Promise<void> {
  const answer = await app.inject({
    method: "POST",
    url: `/api/staff/orders/${orderId}/accept`,
    headers: { ...auth(waiter), "idempotency-key": randomUUID() },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

function auth(session: Session): Record<string, string> {
  return { authToken: session.authToken, jwt: session.jwt };
}

let keys = 0;
function write(app: App, openingId: number, action: string, payload: object, key = newKey()) {
  return app.inject({
    method: "POST",
    url: `/api/staff/openings/${openingId}/${action}`,
    headers: { ...auth(waiter), "idempotency-key": key },
    payload,
  });
}

function newKey(): string {
  keys += 1;
  return `00000000-0000-4000-9000-${String(keys).padStart(12, "0")}`;
}

async function subscribed(url: string, session: Session, destination: string): Promise<RawStompClient> {
  const { client, reply } = await connectStomp(url, session);
  clients.push(client);
  expect(reply.command, JSON.stringify(reply)).toBe("CONNECTED");
  client.send("SUBSCRIBE", { id: "openings", destination, receipt: "subscribed" });
  const answer = await Promise.race([client.next("RECEIPT"), client.next("ERROR")]);
  expect(answer.command, JSON.stringify(answer)).toBe("RECEIPT");
  return client;
}

/** The opening events a client has received so far, from the `from`th frame on. */
function eventsOf(client: RawStompClient, from = 0): OpeningChangedEvent[] {
  return client.frames
    .slice(from)
    .filter((frame: StompFrame) => frame.command === "MESSAGE")
    .map((frame) => JSON.parse(frame.body) as OpeningChangedEvent);
}

/** Waits until the client has received `count` more MESSAGE frames after `from`, and returns them. */
async function nextEvents(client: RawStompClient, from: number, count: number): Promise<OpeningChangedEvent[]> {
  await expect.poll(() => eventsOf(client, from).length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  return eventsOf(client, from);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("live table openings on /topic/stores/{storeId}/openings", () => {
  it("the waiter of the store hears the accept that starts an opening, the next that joins it, a payment and the close", async () => {
    const client = await subscribed(server.stompUrl, waiter, storeOpeningsDestination(BEACH_HOTEL));
    await accept(server.app, await waitingOrder(ctx.db, TABLE_1, 1200));
    const [started] = await nextEvents(client, 0, 1);
    const message = client.frames.find((frame) => frame.command === "MESSAGE");
    expect(message?.headers).toMatchObject({
      destination: storeOpeningsDestination(BEACH_HOTEL),
      "content-type": "application/json",
    });
    expect(started).toEqual({
      storeId: BEACH_HOTEL,
      openingId: expect.any(Number),
      spotId: TABLE_1,
      listKind: "tables",
      status: "OPEN",
      version: expect.any(Number),
      remainingCents: 1200,
      changedAt: expect.any(String),
    });
    const openingId = started?.openingId ?? 0;

    let seen = client.frames.length;
    await accept(server.app, await waitingOrder(ctx.db, TABLE_1, 800));
    const [joined] = await nextEvents(client, seen, 1);
    expect(joined).toMatchObject({ openingId, remainingCents: 2000, status: "OPEN" });

    const detail = await server.app.inject({
      method: "GET",
      url: `/api/staff/openings/${openingId}`,
      headers: auth(waiter),
    });
    const opening = detail.json<OpeningDetail>();
    expect(opening.version).toBe(joined?.version);
    seen = client.frames.length;
    const paid = await write(server.app, openingId, "pay", {
      version: opening.version,
      lines: [{ lineId: opening.lines[0]?.id ?? 0 }],
      payment: { type: "CASH" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [afterPay] = await nextEvents(client, seen, 1);
    expect(afterPay).toMatchObject({ openingId, remainingCents: 800, version: opening.version + 1 });

    seen = client.frames.length;
    const closed = await write(server.app, openingId, "close", {
      version: opening.version + 1,
      payment: { type: "CASH" },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const [afterClose] = await nextEvents(client, seen, 1);
    expect(afterClose).toMatchObject({ openingId, status: "CLOSED", remainingCents: 0 });
  });

  it("a move announces both openings; a replayed or refused write announces nothing", async () => {
    const client = await subscribed(server.stompUrl, waiter, storeOpeningsDestination(BEACH_HOTEL));
    await accept(server.app, await waitingOrder(ctx.db, TABLE_2, 500));
    await accept(server.app, await waitingOrder(ctx.db, TABLE_3, 700));
    const events = await nextEvents(client, 0, 2);
    const [from, into] = [events[0], events[1]];
    expect([from?.spotId, into?.spotId]).toEqual([TABLE_2, TABLE_3]);

    const seen = client.frames.length;
    const key = newKey();
    const body = { version: from?.version ?? 0, targetSpotId: TABLE_3, lines: null };
    const moved = await write(server.app, from?.openingId ?? 0, "transfer", body, key);
    expect(moved.statusCode, moved.body).toBe(200);
    const announced = await nextEvents(client, seen, 2);
    expect(announced.map((e) => [e.openingId, e.status, e.remainingCents])).toEqual([
      [from?.openingId, "MERGED", 0],
      [into?.openingId, "OPEN", 1200],
    ]);

    const afterMove = client.frames.length;
    const replayed = await write(server.app, from?.openingId ?? 0, "transfer", body, key);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    const stale = await write(server.app, into?.openingId ?? 0, "close", {
      version: into?.version ?? 0,
      payment: { type: "CASH" },
    });
    expect(stale.statusCode).toBe(409);
    await pause(200);
    expect(eventsOf(client, afterMove)).toEqual([]);
  });

  it("another store's waiter and a guest may not subscribe; an order listener hears no opening event", async () => {
    for (const session of [cafeWaiter, guest]) {
      const { client, reply } = await connectStomp(server.stompUrl, session);
      clients.push(client);
      expect(reply.command).toBe("CONNECTED");
      client.send("SUBSCRIBE", { id: "x", destination: storeOpeningsDestination(BEACH_HOTEL), receipt: "r" });
      const refused = await Promise.race([client.next("RECEIPT"), client.next("ERROR")]);
      expect(refused.command).toBe("ERROR");
      expect(refused.headers.message).toMatch(/^FORBIDDEN/);
    }
    const orders = await subscribed(server.stompUrl, waiter, storeOrdersDestination(BEACH_HOTEL));
    await accept(server.app, await waitingOrder(ctx.db, TABLE_1, 300));
    const [accepted] = await nextEvents(orders, 0, 1);
    await pause(200);
    expect(orders.frames.filter((frame) => frame.command === "MESSAGE")).toHaveLength(1);
    expect(accepted).toMatchObject({ status: "ACCEPTED" });
    expect(accepted).not.toHaveProperty("openingId");
  });
});

describe.skipIf(testDialect() !== "postgres")(
  "an opening changed through one API process reaches a subscriber of another (PostgreSQL only)",
  () => {
    it("accept and close through this process (LISTEN/NOTIFY bus) -> MESSAGEs on the child main.ts process's topic", async () => {
      const url = ctx.env.DATABASE_URL;
      if (url === undefined) throw new Error("no DATABASE_URL for the test database");
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const bus = new PostgresOrderEvents({ connectionString: url, db: ctx.db, log: quiet });
      const [child, here] = await Promise.all([startMainProcess(ctx.env), startApiServer(ctx.db, bus)]);
      try {
        await bus.start();
        const client = await subscribed(
          `ws://127.0.0.1:${child.port}/api/stomp`,
          waiter,
          storeOpeningsDestination(BEACH_HOTEL),
        );
        await accept(here.app, await waitingOrder(ctx.db, TABLE_2, 950));
        const [started] = await nextEvents(client, 0, 1);
        expect(started).toMatchObject({ spotId: TABLE_2, status: "OPEN", remainingCents: 950 });
        const seen = client.frames.length;
        const closed = await write(here.app, started?.openingId ?? 0, "close", {
          version: started?.version ?? 0,
          payment: { type: "CARD", cardTerminalId: 7801 },
        });
        expect(closed.statusCode, closed.body).toBe(200);
        const [afterClose] = await nextEvents(client, seen, 1);
        expect(afterClose).toMatchObject({ openingId: started?.openingId, status: "CLOSED", remainingCents: 0 });
      } finally {
        await here.close();
        await bus.close();
        await child.stop();
      }
    }, 60_000);
  },
);
