/**
 * The outbox end to end in the app: real Dexie (fake-indexeddb), the real session store, the real
 * ky client and token refresh; only fetch is stubbed (the network edge) and the retry timer is
 * cranked by hand.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderDto, PlaceOrderRequest } from "../../../domain/orders-api";
import { draft } from "../../../domain/test-support";
import { appDb } from "../../db/app-db";
import { addToCart, readCart } from "../../db/cart-repository";
import { clearSession, currentSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { CartChangedError, type CheckoutInput, createOrderOutbox, type OutboxEvent } from "./order-outbox";
import { browserOutboxDeps } from "./outbox";

const request: PlaceOrderRequest = {
  serviceId: 1,
  tableId: 5,
  lines: [{ itemId: 10, quantity: 2, kilos: null, comment: "", selection: {} }],
  comment: "",
  expectedTotalCents: 600,
  scheduledFor: null,
  payment: { type: "CASH" },
  selectedTableId: null,
  deliveryInfo: null,
  location: null,
  language: "ENG",
};
const cartKey = { storeId: 1, serviceId: 1 };

/** A cart holding one line, and the checkout that sends it (the line as the cart screen showed it). */
async function freshCheckout(): Promise<CheckoutInput> {
  const cart = await addToCart(appDb(), cartKey, draft({ id: 10 }, { quantity: 2 }));
  return { ...cartKey, tableId: 5, request, lines: cart.lines };
}

const cartNow = () => readCart(appDb(), cartKey);

const order = { id: 77, storeId: 1, status: "WAITING_FOR_ACCEPTANCE", dailyNumber: 4 } as OrderDto;

type Reply = { status: number; body?: unknown } | "offline";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A stubbed network that answers each request with the next reply, and remembers the requests. */
interface SeenRequest {
  url: string;
  headers: Headers;
  body: string;
}

function network(...replies: Reply[]) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    // Read now: an unread clone of a request body stalls ky's fetch under jsdom.
    requests.push({ url: input.url, headers: input.headers, body: await input.text() });
    const path = new URL(input.url).pathname;
    if (path.includes("tokens/validate/refresh")) {
      const next = refreshReplies.shift() ?? { status: 500, body: { code: "INTERNAL_ERROR", message: "x" } };
      if (next === "offline") throw new TypeError("Failed to fetch");
      return json(next.status, next.body);
    }
    const next = replies.shift();
    if (!next || next === "offline") throw new TypeError("Failed to fetch");
    return json(next.status, next.body ?? {});
  });
  const refreshReplies: Reply[] = [];
  vi.stubGlobal("fetch", fetchMock);
  const orderRequests = () => requests.filter((each) => new URL(each.url).pathname === "/api/orders");
  return { requests, orderRequests, refreshReplies, fetchMock };
}

function makeOutbox() {
  const timers: { work: () => void; ms: number }[] = [];
  const events: OutboxEvent[] = [];
  const outbox = createOrderOutbox({
    ...browserOutboxDeps(),
    random: () => 0.5,
    schedule: (work, ms) => {
      const timer = { work, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  outbox.subscribe((event) => events.push(event));
  /** Fires the waiting retry (as if its time had come) and waits for the attempt to finish. */
  const fireTimer = async () => {
    const timer = timers.shift();
    if (!timer) throw new Error("no retry is waiting");
    timer.work();
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(0));
  };
  return { outbox, timers, events, fireTimer };
}

const rows = () => appDb().pendingOrders.toArray();
const keysOf = (requests: SeenRequest[]) => requests.map((each) => each.headers.get("idempotency-key"));

beforeEach(async () => {
  await Promise.all([appDb().pendingOrders.clear(), appDb().cartLines.clear(), appDb().cartMeta.clear()]);
  await storeSession(testSession());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("order outbox (design.md 'Orders: exactly once on patchy Wi-Fi')", () => {
  it("201 -> done: the row keeps the order id to follow its status; sent with both session headers", async () => {
    const net = network({ status: 201, body: order });
    const { outbox, events } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    expect(row.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await outbox.send(row.idempotencyKey);
    expect(events.map((each) => each.kind)).toEqual(["placed"]);
    expect(await rows()).toEqual([expect.objectContaining({ idempotencyKey: row.idempotencyKey, orderId: 77 })]);
    const [sent] = net.orderRequests();
    expect(sent?.headers.get("idempotency-key")).toBe(row.idempotencyKey);
    expect(sent?.headers.get("authToken")).toBe("opaque-token");
    expect(sent?.headers.get("jwt")).toBe("header.payload.signature");
    expect(JSON.parse(sent?.body ?? "")).toEqual(request);
  });

  it("reuses one key across every retry (no answer, 503, 409 REQUEST_IN_PROGRESS), then done", async () => {
    const net = network(
      "offline",
      { status: 503, body: { code: "UNKNOWN_ERROR", message: "busy" } },
      { status: 409, body: { code: "REQUEST_IN_PROGRESS", message: "in progress" } },
      { status: 201, body: order },
    );
    const { outbox, events, timers, fireTimer } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    // Backoff: 2 s, 4 s, 8 s.
    expect(timers.map((each) => each.ms)).toEqual([2_000]);
    events.length = 0;
    await fireTimer();
    expect(timers.map((each) => each.ms)).toEqual([4_000]);
    events.length = 0;
    await fireTimer();
    expect(timers.map((each) => each.ms)).toEqual([8_000]);
    events.length = 0;
    await fireTimer();
    expect(events.at(-1)?.kind).toBe("placed");
    expect(keysOf(net.orderRequests())).toEqual(Array(4).fill(row.idempotencyKey));
    expect((await rows())[0]).toMatchObject({ attempts: 4, orderId: 77 });
  });

  it("a Send takes its lines out of the cart; a double tap stores nothing more; the next round gets its own key", async () => {
    network();
    const { outbox } = makeOutbox();
    const checkout = await freshCheckout();
    const first = await outbox.queue(checkout);
    expect(first.lines).toEqual(checkout.lines);
    expect((await cartNow()).lines).toEqual([]);
    await expect(outbox.queue(checkout)).rejects.toBeInstanceOf(CartChangedError);
    expect(await rows()).toHaveLength(1);
    const second = await outbox.queue(await freshCheckout());
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(await rows()).toHaveLength(2);
  });

  it("a cart changed in another tab since it was shown is not sent, and keeps every line", async () => {
    network();
    const { outbox } = makeOutbox();
    const checkout = await freshCheckout();
    await addToCart(appDb(), cartKey, draft({ id: 10 }, { quantity: 1 }));
    await expect(outbox.queue(checkout)).rejects.toBeInstanceOf(CartChangedError);
    expect(await rows()).toEqual([]);
    expect((await cartNow()).lines.map((line) => line.quantity)).toEqual([3]);
  });

  it("4xx refusal -> the row is removed, the error reported and its lines are back in the cart", async () => {
    network({ status: 409, body: { code: "OUT_OF_STOCK", message: "Freddo" } });
    const { outbox, events, timers } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await addToCart(appDb(), cartKey, draft({ id: 11 }));
    await outbox.send(row.idempotencyKey);
    expect(events).toEqual([expect.objectContaining({ kind: "refused", code: "OUT_OF_STOCK", message: "Freddo" })]);
    expect(await rows()).toEqual([]);
    expect(timers).toEqual([]);
    expect((await cartNow()).lines.map((line) => [line.item.id, line.quantity])).toEqual([
      [11, 1],
      [10, 2],
    ]);
  });

  it("an accepted order keeps its lines; its row stays, ended, until the guest has read it", async () => {
    network({ status: 201, body: order });
    const { outbox } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    await outbox.end(row.idempotencyKey, { status: "ACCEPTED", dailyNumber: 4, errorMessage: null });
    expect((await rows())[0]).toMatchObject({ ended: { status: "ACCEPTED" } });
    expect((await cartNow()).lines).toEqual([]);
    await outbox.remove(row.idempotencyKey);
    expect(await rows()).toEqual([]);
    expect((await cartNow()).lines).toEqual([]);
  });

  it("a rejected order gives its lines back once, however often its end is told", async () => {
    network({ status: 201, body: order });
    const { outbox } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    const rejected = { status: "REJECTED", dailyNumber: 4, errorMessage: "closed" } as const;
    await outbox.end(row.idempotencyKey, rejected);
    await outbox.end(row.idempotencyKey, rejected);
    await outbox.remove(row.idempotencyKey);
    expect((await cartNow()).lines.map((line) => line.quantity)).toEqual([2]);
  });

  it("a held order the guest cancels gives its lines back to the cart", async () => {
    await clearSession();
    network();
    const { outbox } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    await outbox.remove(row.idempotencyKey);
    expect(await rows()).toEqual([]);
    expect((await cartNow()).lines.map((line) => line.item.id)).toEqual([10]);
  });

  it("network error -> kept and retried on `online` with the same key", async () => {
    const net = network("offline", { status: 201, body: order });
    const { outbox, events } = makeOutbox();
    const stop = outbox.start();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    expect(events.map((each) => each.kind)).toEqual(["retrying"]);
    expect((await rows())[0]).toMatchObject({ attempts: 1, lastError: "NETWORK_ERROR", orderId: null });
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(events.at(-1)?.kind).toBe("placed"));
    expect(keysOf(net.orderRequests())).toEqual([row.idempotencyKey, row.idempotencyKey]);
    stop();
  });

  it("an `online` while a send that started offline is still under way: sent again at once, not after the backoff", async () => {
    const net = network("offline", { status: 201, body: order });
    // The first request hangs until the test lets it fail, as a request sent into a dead Wi-Fi does.
    const networkFetch = net.fetchMock.getMockImplementation();
    let failFirst = () => {};
    net.fetchMock.mockImplementationOnce(async (input: Request) => {
      await new Promise<void>((resolve) => {
        failFirst = resolve;
      });
      return networkFetch?.(input) as Promise<Response>;
    });
    const { outbox, events, timers } = makeOutbox();
    const stop = outbox.start();
    const row = await outbox.queue(await freshCheckout());
    const first = outbox.send(row.idempotencyKey);
    await vi.waitFor(() => expect(net.fetchMock).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event("online"));
    failFirst();
    await first;
    await vi.waitFor(() => expect(events.at(-1)?.kind).toBe("placed"));
    expect(events.map((each) => each.kind)).toEqual(["retrying", "placed"]);
    // No timer had to fire: the second send went as soon as the first ended.
    expect(timers).toEqual([]);
    expect(keysOf(net.orderRequests())).toEqual([row.idempotencyKey, row.idempotencyKey]);
    stop();
  });

  it("after a reload (a new outbox over the same database) the unanswered row is resumed", async () => {
    const net = network("offline");
    const before = makeOutbox();
    const row = await before.outbox.queue(await freshCheckout());
    await before.outbox.send(row.idempotencyKey);
    // The tab is closed: its timers are gone. The next start resumes from Dexie.
    network({ status: 201, body: order });
    const after = makeOutbox();
    const stop = after.outbox.start();
    await vi.waitFor(() => expect(after.events.map((each) => each.kind)).toEqual(["placed"]));
    expect((await rows())[0]).toMatchObject({ idempotencyKey: row.idempotencyKey, orderId: 77 });
    expect(net.orderRequests()).toHaveLength(1);
    stop();
  });

  it("INVALID_AUTH_TOKEN (expired jwt) -> the session is refreshed, then the same key is retried", async () => {
    const net = network(
      { status: 401, body: { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" } },
      { status: 201, body: order },
    );
    const fresh = testSession({ authToken: "rotated-token", jwt: "new.jwt.sig" });
    net.refreshReplies.push({ status: 200, body: { authToken: fresh.authToken, jwt: fresh.jwt, user: fresh.user } });
    const { outbox, events } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    expect(events.map((each) => each.kind)).toEqual(["placed"]);
    const [first, second] = net.orderRequests();
    expect(first?.headers.get("authToken")).toBe("opaque-token");
    expect(second?.headers.get("authToken")).toBe("rotated-token");
    expect(keysOf([first, second].filter((each): each is SeenRequest => each !== undefined))).toEqual([
      row.idempotencyKey,
      row.idempotencyKey,
    ]);
    expect((await currentSession())?.authToken).toBe("rotated-token");
  });

  it("§4 a refused refresh signs out: the order is kept on hold, not dropped", async () => {
    const net = network({ status: 401, body: { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" } });
    net.refreshReplies.push({ status: 401, body: { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" } });
    const { outbox, events } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    expect(events.map((each) => each.kind)).toEqual(["held"]);
    expect(await currentSession()).toBeNull();
    expect((await rows())[0]).toMatchObject({ idempotencyKey: row.idempotencyKey, onHold: true });
  });

  it("no session -> on hold (nothing sent); after sign-in the held order goes out with its key", async () => {
    await clearSession();
    const net = network({ status: 201, body: order });
    const { outbox, events } = makeOutbox();
    const stop = outbox.start();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    expect(events.map((each) => each.kind)).toEqual(["held"]);
    expect(net.orderRequests()).toHaveLength(0);
    await storeSession(testSession());
    await vi.waitFor(() => expect(events.at(-1)?.kind).toBe("placed"));
    expect(keysOf(net.orderRequests())).toEqual([row.idempotencyKey]);
    expect((await rows())[0]).toMatchObject({ onHold: false, orderId: 77 });
    stop();
  });

  it("a held order is not sent on resume while still signed out", async () => {
    await clearSession();
    const net = network({ status: 201, body: order });
    const { outbox } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await outbox.send(row.idempotencyKey);
    await outbox.resume();
    expect(net.orderRequests()).toHaveLength(0);
  });

  it("gives up after 24 hours without an answer, and says so", async () => {
    network();
    const { outbox, events } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await appDb().pendingOrders.update(row.idempotencyKey, { createdAt: "2020-01-01T00:00:00.000Z" });
    await outbox.send(row.idempotencyKey);
    expect(events.map((each) => each.kind)).toEqual(["expired"]);
    expect((await rows())[0]).toMatchObject({ ended: { status: "EXPIRED" } });
    expect((await cartNow()).lines.map((line) => line.item.id)).toEqual([10]);
  });

  it("only one attempt in flight per row: overlapping sends in one tab make one request", async () => {
    const net = network({ status: 201, body: order });
    const { outbox } = makeOutbox();
    const row = await outbox.queue(await freshCheckout());
    await Promise.all([outbox.send(row.idempotencyKey), outbox.send(row.idempotencyKey)]);
    expect(net.orderRequests()).toHaveLength(1);
  });
});
