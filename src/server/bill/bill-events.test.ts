/**
 * The bill is live for the guests at its spot, and calls are live for the store's staff: a
 * guest who ordered at a table may listen to /topic/tables/{tableId}/bill and hears every change
 * of its opening (a waiter's accept, a guest's payment, the close) as a BillChangedEvent; a guest
 * who did not order there may not listen; a guest's call reaches /topic/stores/{storeId}/calls,
 * which only that store's staff may hear. Real parts: the whole API on a loopback port, real
 * WebSocket clients, the demo venues, real sign-ins, the sandbox card.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillChangedEvent, WaiterCallEvent } from "../../domain/bill-api";
import { storeCallsDestination, tableBillDestination } from "../../domain/order-topics";
import type { App } from "../app";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { InProcessOrderEvents } from "../realtime/order-events";
import { signInStaff } from "../realtime/test-orders";
import { type RunningServer, startApiServer } from "../realtime/test-servers";
import { connectStomp, type RawStompClient } from "../realtime/test-stomp-client";
import { greekMobile, signInGuest } from "../test-support/accounts";
import { insertOrderLineRow, insertOrderRow } from "../test-support/order-rows";
import { sandboxCardToken } from "../test-support/orders";
import { setUpTestDatabase } from "../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../venue/demo-venues";

const ctx = setUpTestDatabase();
const BEACH_HOTEL = 7;
const CITY_CAFE = 132;
const RESTAURANT = 7003;
const TABLE = 7405;
const ITEM = 70101;

type Session = { userId: number; authToken: string; jwt: string };
let server: RunningServer & { app: App };
let waiter: Session;
let cafeWaiter: Session;
let guest: Session;
let stranger: Session;
const clients: RawStompClient[] = [];

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  server = await startApiServer(ctx.db, new InProcessOrderEvents());
  waiter = await signInStaff(server.app, BEACH_HOTEL, "2580");
  cafeWaiter = await signInStaff(server.app, CITY_CAFE, "1324");
  guest = await signInGuest(server.app, ctx.db, greekMobile(801));
  stranger = await signInGuest(server.app, ctx.db, greekMobile(802));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

const auth = (session: Session) => ({ authToken: session.authToken, jwt: session.jwt });

async function subscribe(session: Session, destination: string): Promise<{ client: RawStompClient; answer: string }> {
  const { client, reply } = await connectStomp(server.stompUrl, session);
  clients.push(client);
  expect(reply.command).toBe("CONNECTED");
  client.send("SUBSCRIBE", { id: "s", destination, receipt: "subscribed" });
  const answer = await Promise.race([client.next("RECEIPT"), client.next("ERROR")]);
  return { client, answer: answer.command };
}

function messages<Event>(client: RawStompClient): Event[] {
  return client.frames.filter((frame) => frame.command === "MESSAGE").map((frame) => JSON.parse(frame.body) as Event);
}

describe("the bill and the calls, live", () => {
  it("bill: its spot's guests hear every change of the bill; a guest who did not order there may not listen", async () => {
    const orderId = await insertOrderRow(ctx.db, {
      user_id: guest.userId,
      store_id: BEACH_HOTEL,
      service_id: RESTAURANT,
      spot_id: TABLE,
      subtotal_cents: 1800,
    });
    await insertOrderLineRow(ctx.db, { order_id: orderId, item_id: ITEM, unit_price_cents: 1800 });
    const { client, answer } = await subscribe(guest, tableBillDestination(TABLE));
    expect(answer).toBe("RECEIPT");
    expect((await subscribe(stranger, tableBillDestination(TABLE))).answer).toBe("ERROR");

    const accepted = await server.app.inject({
      method: "POST",
      url: `/api/staff/orders/${orderId}/accept`,
      headers: { ...auth(waiter), "idempotency-key": randomUUID() },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expect.poll(() => messages<BillChangedEvent>(client).length, { timeout: 5000 }).toBe(1);
    expect(messages<BillChangedEvent>(client)[0]).toMatchObject({ tableId: TABLE, owedCents: 1800, status: "OPEN" });

    const paid = await server.app.inject({
      method: "POST",
      url: `/api/tables/${TABLE}/bill/payments`,
      headers: { ...auth(guest), "idempotency-key": randomUUID() },
      payload: {
        amountCents: 900,
        tipCents: 90,
        payment: { type: "CARD", cardToken: await sandboxCardToken(server.app) },
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await expect.poll(() => messages<BillChangedEvent>(client).length, { timeout: 5000 }).toBe(2);
    expect(messages<BillChangedEvent>(client)[1]).toMatchObject({ owedCents: 900, status: "OPEN" });
  });

  it("bill: a guest's call reaches the store's staff at once, and only them", async () => {
    const { client, answer } = await subscribe(waiter, storeCallsDestination(BEACH_HOTEL));
    expect(answer).toBe("RECEIPT");
    expect((await subscribe(cafeWaiter, storeCallsDestination(BEACH_HOTEL))).answer).toBe("ERROR");
    expect((await subscribe(guest, storeCallsDestination(BEACH_HOTEL))).answer).toBe("ERROR");
    const called = await server.app.inject({
      method: "POST",
      url: `/api/tables/${TABLE}/bill/calls`,
      headers: { ...auth(guest), "idempotency-key": randomUUID() },
      payload: { kind: "PAY_CARD_TERMINAL" },
    });
    expect(called.statusCode, called.body).toBe(201);
    await expect.poll(() => messages<WaiterCallEvent>(client).length, { timeout: 5000 }).toBe(1);
    expect(messages<WaiterCallEvent>(client)[0]).toMatchObject({
      storeId: BEACH_HOTEL,
      spotId: TABLE,
      kind: "PAY_CARD_TERMINAL",
      answered: false,
    });
  });
});
