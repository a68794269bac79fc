/**
 * Order details by link (GET /api/order-details/:storeId/:orderId with
 * the link's token in the order-link-token header). Valid, expired, other order, other store and
 * tampered links; every refusal is the same answer; the token never reaches the log.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import { ORDER_LINK_TOKEN_HEADER } from "../../../domain/staff-history";
import type { OrderDetailsLink, StaffOrderDto } from "../../../domain/staff-history-api";
import { toJsonText } from "../../db/columns";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { HOUR, testClock } from "../../test-support/clock";
import { insertOrderLineRow, insertOrderRow } from "../../test-support/order-rows";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
/** Every line the server logs, at debug (so successful reads are written too). */
const logLines: string[] = [];
const server = setUpTestApp(() => database.db, { now: clock.now, logStream: { write: (line) => logLines.push(line) } });

const STORE_7 = { storeId: 7, serviceId: 7010, spotId: 7200, itemId: 8000 };
const STORE_132 = { storeId: 132, serviceId: 132_010, spotId: 132_200, itemId: 133_000 };
const REFUSAL = { code: "INVALID_ORDER_LINK", message: "This order link is not valid or has expired" };

let guestId: number;

async function order(store = STORE_7): Promise<number> {
  const id = await insertOrderRow(database.db, {
    user_id: guestId,
    store_id: store.storeId,
    service_id: store.serviceId,
    spot_id: store.spotId,
    created_at: clock.now().toISOString(),
    subtotal_cents: 700,
  });
  await insertOrderLineRow(database.db, {
    order_id: id,
    item_id: store.itemId,
    names: toJsonText({ GRE: { name: "Φρέντο εσπρέσο" }, ENG: { name: "Freddo espresso" } }),
    quantity: 2,
    unit_price_cents: 350,
  });
  return id;
}

/** The token of a link minted by a waiter of the order's store, as the app would receive it. */
async function mint(orderId: number, storeId: number): Promise<{ path: string; token: string }> {
  const pin = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=1357&storeId=${storeId}`,
  });
  const session = pin.json<SessionResponse>();
  const response = await server.app.inject({
    method: "GET",
    url: `/api/staff/orders/${orderId}/details-link`,
    headers: authHeaders({ authToken: session.authToken.token, jwt: session.jwt }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { path } = response.json<OrderDetailsLink>();
  return { path, token: path.split("/").at(-1) ?? "" };
}

function read(storeId: number, orderId: number, token?: string) {
  return server.app.inject({
    method: "GET",
    url: `/api/order-details/${storeId}/${orderId}`,
    headers: token === undefined ? {} : { [ORDER_LINK_TOKEN_HEADER]: token },
  });
}

beforeAll(async () => {
  await importFixture(database.db, sampleVenue({ storeId: 7, idOffset: 7000 }));
  await importFixture(database.db, sampleVenue({ storeId: 132, idOffset: 132_000 }));
  guestId = (await signInGuest(server.app, database.db, greekMobile(81))).userId;
});

describe("GET /api/order-details/:storeId/:orderId (order details by link)", () => {
  it("a valid link shows its order read-only without any sign-in", async () => {
    const id = await order();
    const { token } = await mint(id, STORE_7.storeId);
    const response = await read(STORE_7.storeId, id, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json<StaffOrderDto>()).toMatchObject({
      id,
      storeId: 7,
      spotName: "Table 1",
      status: "WAITING_FOR_ACCEPTANCE",
      lines: [{ quantity: 2, names: { ENG: { name: "Freddo espresso" } } }],
      totals: { totalCents: 700 },
    });
  });

  it("expired (24 hours later): the one refusal", async () => {
    clock.set("2026-07-02T09:00:00.000Z");
    const id = await order();
    const { token } = await mint(id, STORE_7.storeId);
    clock.advance(24 * HOUR - 1000);
    expect((await read(STORE_7.storeId, id, token)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await read(STORE_7.storeId, id, token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(REFUSAL);
  });

  it("another order, another store, a tampered or missing token, an order that does not exist: all the same refusal", async () => {
    clock.set("2026-07-04T09:00:00.000Z");
    const id = await order();
    const other = await order();
    const ofStore132 = await order(STORE_132);
    const { token } = await mint(id, STORE_7.storeId);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(other) })).toString("base64url");
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;

    const refusals = [
      await read(STORE_7.storeId, other, token), // another order of the same store
      await read(STORE_132.storeId, id, token), // the same order id under another store
      await read(STORE_132.storeId, ofStore132, token), // another store's order
      await read(STORE_7.storeId, other, `${header}.${forged}.${signature}`), // claims changed
      await read(STORE_7.storeId, id, `${header}.${payload}.${flipped}`), // signature changed
      await read(STORE_7.storeId, id, "garbage"),
      await read(STORE_7.storeId, id),
      await read(STORE_7.storeId, 2_000_000, token),
    ];
    for (const [index, response] of refusals.entries()) {
      expect(response.statusCode, `case ${index}`).toBe(404);
      expect(response.body, `case ${index}`).toBe(JSON.stringify(REFUSAL));
    }
    // The genuine link still works.
    expect((await read(STORE_7.storeId, id, token)).statusCode).toBe(200);
  });

  it("a session jwt is no link, and a link token is no session", async () => {
    const id = await order();
    const guest = await signInGuest(server.app, database.db, greekMobile(82));
    expect((await read(STORE_7.storeId, id, guest.jwt)).statusCode).toBe(404);
    const { token } = await mint(id, STORE_7.storeId);
    const asSession = await server.app.inject({
      method: "GET",
      url: "/api/orders/history",
      headers: { authToken: guest.authToken, jwt: token },
    });
    expect(asSession.statusCode).toBe(401);
  });

  it("the token is refused in the URL: the API takes it only in its header (400, no query allowed)", async () => {
    const id = await order();
    const { token } = await mint(id, STORE_7.storeId);
    const response = await server.app.inject({
      method: "GET",
      url: `/api/order-details/${STORE_7.storeId}/${id}?token=${token}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it("no log line of a link's requests holds its token: not the API call, not the app page", async () => {
    const id = await order();
    const { path, token } = await mint(id, STORE_7.storeId);
    logLines.length = 0;
    expect((await read(STORE_7.storeId, id, token)).statusCode).toBe(200);
    expect((await read(STORE_7.storeId, id, `${token}x`)).statusCode).toBe(404);
    await server.app.inject({ method: "GET", url: path });
    const written = logLines.join("");
    expect(written).toContain(`/api/order-details/${STORE_7.storeId}/${id}`);
    expect(written).toContain(`/view-order-details/${id}/${STORE_7.storeId}/[redacted]`);
    expect(written).not.toContain(token);
    expect(written).not.toContain(token.split(".")[2]);
  });
});
