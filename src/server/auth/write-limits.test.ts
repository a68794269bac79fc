/**
 * Rate limits on the sandbox tokenizing call and on the other calls that write a row per request,
 * so that a script cannot fill a table (a guest's order placements, session refreshes). Each
 * refused call answers 429 RATE_LIMITED with Retry-After and writes nothing; the limits hold per
 * client address, account or session, not for everyone.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { RefreshResponse } from "../../domain/auth-api";
import { defaultGuestOrders } from "../config";
import { authHeaders, greekMobile, signInGuest } from "../test-support/accounts";
import { MINUTE, testClock } from "../test-support/clock";
import { expectedTotalOf, postOrder, testOrderRequest } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { CARD_TOKENIZE_LIMITS_PER_ADDRESS, SESSION_REFRESH_LIMITS } from "./limits";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

beforeAll(async () => {
  await importFixture(database.db);
});

const count = async (table: "sandbox_cards" | "orders" | "session_tokens") =>
  (await database.db.selectFrom(table).selectAll().execute()).length;

function tokenize(from: string) {
  return server.app.inject({
    method: "POST",
    url: "/api/payments/sandbox/cards",
    remoteAddress: from,
    payload: { number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2099, cvc: "123" },
  });
}

describe("the sandbox card form is limited per client address", () => {
  it(`${CARD_TOKENIZE_LIMITS_PER_ADDRESS[0]?.max} cards from one address in 10 minutes; the next is 429 RATE_LIMITED and stores nothing; another address still works`, async () => {
    const max = CARD_TOKENIZE_LIMITS_PER_ADDRESS[0]?.max ?? 0;
    for (let n = 0; n < max; n++) expect((await tokenize("203.0.113.50")).statusCode).toBe(201);
    const before = await count("sandbox_cards");
    const refused = await tokenize("203.0.113.50");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await count("sandbox_cards")).toBe(before);
    expect((await tokenize("203.0.113.51")).statusCode).toBe(201);
  });

  it("10 minutes later the address may check cards again", async () => {
    clock.advance(10 * MINUTE + 1);
    expect((await tokenize("203.0.113.50")).statusCode).toBe(201);
  });
});

describe("a guest's order placements are limited per account", () => {
  it(`${defaultGuestOrders().per10Minutes} placements in 10 minutes; the next is 429 RATE_LIMITED and writes no order; another guest still orders`, async () => {
    clock.set("2026-07-02T09:00:00.000Z");
    const max = defaultGuestOrders().per10Minutes;
    const guest = await signInGuest(server.app, database.db, greekMobile(701));
    const other = await signInGuest(server.app, database.db, greekMobile(702));
    const draft = testOrderRequest();
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    for (let n = 0; n < max; n++) {
      const placed = await postOrder(server.app, guest, request);
      expect(placed.statusCode, placed.body).toBe(201);
    }
    const before = await count("orders");
    const refused = await postOrder(server.app, guest, request);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(await count("orders")).toBe(before);
    expect((await postOrder(server.app, other, request)).statusCode).toBe(201);
  });

  // The count is made in the placement's transaction, with the key's claim: one commit per order.
  it("a 429 is never the key's stored answer: the same key, once the window has moved on, places the order", async () => {
    clock.set("2026-07-04T09:00:00.000Z");
    const max = defaultGuestOrders().per10Minutes;
    const guest = await signInGuest(server.app, database.db, greekMobile(704));
    const draft = testOrderRequest();
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    for (let n = 0; n < max; n++) expect((await postOrder(server.app, guest, request)).statusCode).toBe(201);
    const key = "3f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
    expect((await postOrder(server.app, guest, request, key)).statusCode).toBe(429);
    const stored = await database.db
      .selectFrom("order_requests")
      .selectAll()
      .where("idempotency_key", "=", key)
      .execute();
    expect(stored).toEqual([]);
    clock.advance(10 * MINUTE + 1);
    const placed = await postOrder(server.app, guest, request, key);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a replay of a stored answer is not counted again; a refusal stored for a new key is", async () => {
    clock.set("2026-07-05T09:00:00.000Z");
    const max = defaultGuestOrders().per10Minutes;
    const guest = await signInGuest(server.app, database.db, greekMobile(705));
    const draft = testOrderRequest();
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    const key = "4a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
    expect((await postOrder(server.app, guest, request, key)).statusCode).toBe(201);
    for (let n = 0; n < max; n++) {
      const replayed = await postOrder(server.app, guest, request, key);
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
    }
    // A wrong total is refused (409) and that refusal is the new key's stored answer: it counts.
    const refusals = max - 2;
    for (let n = 0; n < refusals; n++) {
      const refused = await postOrder(server.app, guest, { ...request, expectedTotalCents: 1 });
      expect(refused.statusCode).toBe(409);
    }
    expect((await postOrder(server.app, guest, request)).statusCode).toBe(201);
    expect((await postOrder(server.app, guest, request)).statusCode).toBe(429);
  });
});

describe("session refreshes are limited per session", () => {
  it(`${SESSION_REFRESH_LIMITS[0]?.max} refreshes of one session in an hour; the next is 429 RATE_LIMITED and writes no token`, async () => {
    clock.set("2026-07-03T09:00:00.000Z");
    const max = SESSION_REFRESH_LIMITS[0]?.max ?? 0;
    const guest = await signInGuest(server.app, database.db, greekMobile(703));
    let session = { authToken: guest.authToken, jwt: guest.jwt };
    const refresh = () =>
      server.app.inject({
        method: "GET",
        url: "/api/authenticate/v2/tokens/validate/refresh",
        headers: authHeaders(session),
      });
    for (let n = 0; n < max; n++) {
      const response = await refresh();
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<RefreshResponse>();
      session = { authToken: body.authToken, jwt: body.jwt };
    }
    const before = await count("session_tokens");
    const refused = await refresh();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(await count("session_tokens")).toBe(before);
    // The session itself is not harmed: an hour later it refreshes again.
    clock.advance(60 * MINUTE + 1);
    expect((await refresh()).statusCode).toBe(200);
  });
});
