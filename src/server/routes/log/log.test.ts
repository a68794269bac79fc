import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import {
  LOG_EVENTS,
  ORDER_LOG_EVENTS,
  ORDER_STATUS_LOG_EVENTS,
  STORE_LOG_EVENTS,
  TABLE_OPENING_LOG_EVENTS,
} from "../../../domain/order-logs";
import type { App } from "../../app";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { buildTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { LOG_CALLS_PER_ADDRESS } from ".";

const ctx = setUpTestDatabase();
const clock = testClock();
const AT = "2026-07-01T08:59:58.000Z";
let app: App;
let guest: SignedInGuest;
/** What the route wrote to the server's log (a recording logger stands in for pino). */
const lines: Array<Record<string, unknown>> = [];

function recordingLogger() {
  const noop = () => undefined;
  const logger = {
    level: "info",
    info: (object: Record<string, unknown>, message?: string) => void lines.push({ ...object, msg: message }),
    error: noop,
    warn: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    silent: noop,
    child: () => logger,
  };
  return logger;
}

beforeAll(async () => {
  app = buildTestApp(ctx.db, { now: clock.now });
  const logger = recordingLogger();
  app.addHook("onRequest", async (request) => {
    request.log = logger as unknown as typeof request.log;
  });
  guest = await signInGuest(app, ctx.db, greekMobile(31));
  await importFixture(ctx.db);
  const pin = await app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=1357&storeId=1" });
  const session = pin.json<SessionResponse>();
  waiter = {
    userId: session.authToken.user.id,
    headers: authHeaders({ authToken: session.authToken.token, jwt: session.jwt }),
  };
});
let waiter: { userId: number; headers: Record<string, string> };
afterAll(async () => app?.close());

let address = 0;
/** Each call from its own client address unless told, so the rate limit stays out of the way. */
function send(event: string, payload: object, options: { headers?: Record<string, string>; from?: string } = {}) {
  address += 1;
  return app.inject({
    method: "POST",
    url: `/api/log/${event}`,
    payload,
    headers: options.headers ?? {},
    remoteAddress: options.from ?? `10.0.${Math.floor(address / 250)}.${address % 250}`,
  });
}

const clientLines = () => lines.filter((line) => line.clientEvent !== undefined);

describe("POST /api/log/:event (spec §7 log calls)", () => {
  it("§7 an order status event with orderId and status: 204 and one structured log line", async () => {
    lines.length = 0;
    const response = await send("order-status-returned-in-subscription", { orderId: 42, status: "ACCEPTED", at: AT });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");
    expect(clientLines()).toEqual([
      {
        clientEvent: "order-status-returned-in-subscription",
        orderId: 42,
        status: "ACCEPTED",
        clientAt: AT,
        userId: null,
        msg: "client event",
      },
    ]);
  });

  it.each(ORDER_LOG_EVENTS)("§7 %s is accepted with orderId", async (event) => {
    expect((await send(event, { orderId: 1, at: AT })).statusCode).toBe(204);
  });

  it.each(ORDER_STATUS_LOG_EVENTS)("§7 %s is accepted with orderId and status", async (event) => {
    expect((await send(event, { orderId: 1, status: "TIMED_OUT", at: AT })).statusCode).toBe(204);
  });

  it.each(STORE_LOG_EVENTS)("§7 %s is accepted with storeId", async (event) => {
    expect((await send(event, { storeId: 3, at: AT })).statusCode).toBe(204);
  });

  it.each([
    ["stomp-client-connected", { at: AT }, "body.orderId: required for stomp-client-connected"],
    ["order-status-returned-from-api-call", { orderId: 1, at: AT }, "body.status: required"],
    ["order-status-returned-from-backup-call", { at: AT }, "body.orderId: required"],
    ["send-order-clicked", { orderId: 1, at: AT }, "body.storeId: required for send-order-clicked"],
  ])("§7 %s without its fields: 400 VALIDATION_FAILED naming them, nothing logged", async (event, body, text) => {
    lines.length = 0;
    const response = await send(event, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining(text) });
    expect(clientLines()).toEqual([]);
  });

  it.each([
    ["an unknown event", "enter-food-clicked", { orderId: 1, at: AT }],
    ["no time", "stomp-error", { orderId: 1 }],
    ["a bad time", "stomp-error", { orderId: 1, at: "yesterday" }],
    ["a lower-case status", "order-status-returned-from-api-call", { orderId: 1, status: "accepted", at: AT }],
    ["a text orderId", "stomp-error", { orderId: "1", at: AT }],
    ["orderId 0", "stomp-error", { orderId: 0, at: AT }],
  ])("%s: 400 VALIDATION_FAILED", async (_what, event, body) => {
    lines.length = 0;
    const response = await send(event, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(clientLines()).toEqual([]);
  });

  it.each(TABLE_OPENING_LOG_EVENTS)("§7 %s: a staff session's call with tableOpeningId is logged", async (event) => {
    lines.length = 0;
    const body = {
      tableOpeningId: 77,
      at: AT,
      ...(event === "close-table-button-pressed" ? { paymentType: "CARD" } : {}),
      ...(event === "close-table-not-correctly-inputs-filled" ? { reason: "CARD_TERMINAL_REQUIRED" } : {}),
    };
    const response = await send(event, body, { headers: waiter.headers });
    expect(response.statusCode, response.body).toBe(204);
    expect(clientLines()).toEqual(
      [{ clientEvent: event, ...body, at: undefined, clientAt: AT, userId: waiter.userId, msg: "client event" }].map(
        ({ at: _at, ...line }) => line,
      ),
    );
  });

  it("§7 close-table events: without a staff session 401, a guest's 403, without tableOpeningId 400; nothing logged", async () => {
    lines.length = 0;
    const body = { tableOpeningId: 77, at: AT };
    expect((await send("close-table-confirmed", body)).statusCode).toBe(401);
    expect((await send("close-table-confirmed", body, { headers: authHeaders(guest) })).statusCode).toBe(403);
    expect((await send("close-table-confirmed", { at: AT }, { headers: waiter.headers })).statusCode).toBe(400);
    const noType = await send("close-table-button-pressed", body, { headers: waiter.headers });
    expect(noType.json().message).toContain("body.paymentType: required");
    expect(clientLines()).toEqual([]);
  });

  it("spec §7 L19 enter-{product}-clicked: an item of the store is logged with its storeId, or without one", async () => {
    lines.length = 0;
    const withStore = await send("enter-1000-clicked", { storeId: 1, at: AT });
    expect(withStore.statusCode, withStore.body).toBe(204);
    expect((await send("enter-1003-clicked", { at: AT })).statusCode).toBe(204);
    expect(clientLines()).toEqual([
      { clientEvent: "enter-1000-clicked", storeId: 1, clientAt: AT, userId: null, msg: "client event" },
      { clientEvent: "enter-1003-clicked", clientAt: AT, userId: null, msg: "client event" },
    ]);
  });

  it.each([
    ["an item no store has", "enter-999999-clicked", { at: AT }, "params.event: no item 999999"],
    ["an item of another store", "enter-1000-clicked", { storeId: 2, at: AT }, "no item 1000 in store 2"],
    ["an id beyond any item id", "enter-9999999999-clicked", { at: AT }, "no item 9999999999"],
    ["a store id beyond any id", "enter-1000-clicked", { storeId: 3_000_000_000, at: AT }, "storeId"],
    ["a name instead of an id", "enter-food-clicked", { at: AT }, "params.event"],
    ["id 0", "enter-0-clicked", { at: AT }, "params.event"],
    ["a negative id", "enter--5-clicked", { at: AT }, "params.event"],
    ["a fraction", "enter-1.5-clicked", { at: AT }, "params.event"],
    ["a leading zero", "enter-01000-clicked", { at: AT }, "params.event"],
    ["something after the name", "enter-1000-clicked-twice", { at: AT }, "params.event"],
  ])(
    "spec §7 L19 enter-{product}-clicked refused for %s: 400 VALIDATION_FAILED, nothing logged",
    async (_what, event, body, text) => {
      lines.length = 0;
      const response = await send(event, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining(text) });
      expect(clientLines()).toEqual([]);
    },
  );

  it("records the signed-in guest's id when the tokens hold", async () => {
    lines.length = 0;
    const response = await send("send-order-clicked", { storeId: 1, at: AT }, { headers: authHeaders(guest) });
    expect(response.statusCode).toBe(204);
    expect(clientLines()[0]).toMatchObject({ clientEvent: "send-order-clicked", storeId: 1, userId: guest.userId });
  });

  it("tokens that do not hold (expired, revoked, forged) do not refuse the call: logged without a user", async () => {
    lines.length = 0;
    const headers = { authToken: guest.authToken, jwt: "forged.jwt.value" };
    expect((await send("websocket-error", { orderId: 5, at: AT }, { headers })).statusCode).toBe(204);
    expect(clientLines()[0]).toMatchObject({ clientEvent: "websocket-error", orderId: 5, userId: null });
  });

  it("logs only the known fields: anything else in the body stays out of the log", async () => {
    lines.length = 0;
    await send("stomp-error", { orderId: 5, at: AT, cardNumber: "4242424242424242" });
    expect(JSON.stringify(clientLines())).not.toContain("4242");
  });

  it("is listed in the OpenAPI document with its events", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = doc.paths["/api/log/{event}"]?.post;
    expect(operation).toBeDefined();
    const parameter = operation.parameters.find((p: { name: string }) => p.name === "event");
    expect(JSON.stringify(parameter.schema)).toContain("cart-screen-closed-while-pending");
    expect(JSON.stringify(parameter.schema)).toContain("table-closed-successfully");
    expect(JSON.stringify(parameter.schema)).toContain("enter-[1-9]");
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["204", "400", "429"]));
    expect(LOG_EVENTS.length).toBe(25);
  });
});

describe("POST /api/log/:event rate limit (the server's log cannot be flooded)", () => {
  it(`the ${LOG_CALLS_PER_ADDRESS.limit + 1}th call in a minute from one address: 429 RATE_LIMITED with Retry-After, not logged`, async () => {
    const from = "192.0.2.10";
    for (let i = 0; i < LOG_CALLS_PER_ADDRESS.limit; i++) {
      const response = await send("stomp-client-connected", { orderId: 1, at: AT }, { from });
      expect(response.statusCode).toBe(204);
    }
    lines.length = 0;
    const refused = await send("stomp-client-connected", { orderId: 1, at: AT }, { from });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(clientLines()).toEqual([]);
    // Other addresses are not affected; a minute later this one may log again.
    expect((await send("stomp-client-connected", { orderId: 1, at: AT }, { from: "192.0.2.11" })).statusCode).toBe(204);
    clock.advance(MINUTE);
    expect((await send("stomp-client-connected", { orderId: 1, at: AT }, { from })).statusCode).toBe(204);
  });

  it("invalid calls count too: a flood of bad requests is refused before the body is read", async () => {
    const from = "192.0.2.20";
    for (let i = 0; i < LOG_CALLS_PER_ADDRESS.limit; i++) await send("no-such-event", { at: AT }, { from });
    expect((await send("no-such-event", { at: AT }, { from })).statusCode).toBe(429);
  });
});
