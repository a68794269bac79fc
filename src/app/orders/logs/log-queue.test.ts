import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppDatabase } from "../../db/app-db";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { LOG_FLUSH_LOCK, LogQueue, outcomeOf } from "./log-queue";

const DB_NAME = "kyma-log-queue-test";
const AT = new Date("2026-07-01T10:00:00.000Z");
let db: AppDatabase;

beforeEach(() => {
  db = new AppDatabase(DB_NAME);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(DB_NAME);
  await clearSession();
});

/** The network edge: every request is kept; `answer` decides the status (a throw is a network error). */
function network(answer: (request: { url: string; body: unknown }) => number | Error = () => 204) {
  const requests: Array<{ url: string; init: RequestInit; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: URL | string, init: RequestInit) => {
    const request = { url: String(url), init, body: JSON.parse(String(init.body)) };
    requests.push(request);
    const status = answer(request);
    if (status instanceof Error) throw status;
    return new Response(null, { status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return requests;
}

const queue = (limit?: number) =>
  new LogQueue(async () => db, { baseUrl: () => "http://localhost/cart", ...(limit === undefined ? {} : { limit }) });
const pending = async () => (await db.pendingLogs.toArray()).map((row) => row.event);

describe("§7 log calls: POST /api/log/{event}, fire and forget", () => {
  it("sends the event with orderId, status and the time it was recorded, and forgets it once answered", async () => {
    const requests = network();
    await queue().record("order-status-returned-from-api-call", { orderId: 42, status: "ACCEPTED" }, AT);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("http://localhost/api/log/order-status-returned-from-api-call");
    expect(requests[0]?.init.method).toBe("POST");
    expect(requests[0]?.body).toEqual({ orderId: 42, status: "ACCEPTED", at: "2026-07-01T10:00:00.000Z" });
    expect(await pending()).toEqual([]);
  });

  it("sends the auth tokens along when signed in, none when signed out", async () => {
    const requests = network();
    await queue().record("send-order-clicked", { storeId: 1 }, AT);
    expect(new Headers(requests[0]?.init.headers).get("authToken")).toBeNull();
    await storeSession(testSession());
    await queue().record("send-order-clicked", { storeId: 1 }, AT);
    const headers = new Headers(requests[1]?.init.headers);
    expect(headers.get("authToken")).toBe("opaque-token");
    expect(headers.get("jwt")).toBe("header.payload.signature");
  });

  it("offline: keeps every call in Dexie, in order, and sends them oldest first once back", async () => {
    let online = false;
    const requests = network(() => (online ? 204 : new TypeError("Failed to fetch")));
    const q = queue();
    await q.record("stomp-client-connected", { orderId: 1 }, AT);
    await q.record("websocket-error", { orderId: 1 }, AT);
    await q.record("polling-enabled-at-websocket-error", { orderId: 1 }, AT);
    expect(await pending()).toEqual([
      "stomp-client-connected",
      "websocket-error",
      "polling-enabled-at-websocket-error",
    ]);
    online = true;
    requests.length = 0;
    await q.flush();
    expect(requests.map((r) => r.url.split("/").at(-1))).toEqual([
      "stomp-client-connected",
      "websocket-error",
      "polling-enabled-at-websocket-error",
    ]);
    expect(await pending()).toEqual([]);
  });

  it("survives a reload: a new queue on the same database sends what the old one left", async () => {
    network(() => new TypeError("offline"));
    await queue().record("backup-polling-enabled", { orderId: 3 }, AT);
    db.close();
    db = new AppDatabase(DB_NAME);
    const requests = network();
    await queue().flush();
    expect(requests.map((r) => r.body)).toEqual([{ orderId: 3, at: AT.toISOString() }]);
    expect(await pending()).toEqual([]);
  });

  it.each([500, 503, 408, 429])("keeps the call on a %i answer and stops the flush there", async (status) => {
    const requests = network(() => status);
    const q = queue();
    await q.record("stomp-error", { orderId: 1 }, AT);
    await q.record("stomp-client-disconnected", { orderId: 1 }, AT);
    // The second record's flush tried the oldest row again and stopped: nothing was skipped.
    expect(requests.every((r) => r.url.endsWith("/stomp-error"))).toBe(true);
    expect(await pending()).toEqual(["stomp-error", "stomp-client-disconnected"]);
  });

  it("drops a call the server refuses for good (4xx) and goes on with the next", async () => {
    network(() => new TypeError("offline"));
    const q = queue();
    await q.record("stomp-error", { orderId: 1 }, AT);
    await q.record("websocket-error", { orderId: 1 }, AT);
    const requests = network((r) => (r.url.endsWith("/stomp-error") ? 400 : 204));
    await q.flush();
    expect(requests.map((r) => r.url.split("/").at(-1))).toEqual(["stomp-error", "websocket-error"]);
    expect(await pending()).toEqual([]);
  });

  it("keeps at most the limit, dropping the oldest", async () => {
    network(() => new TypeError("offline"));
    const q = queue(3);
    for (const orderId of [1, 2, 3, 4, 5]) await q.record("stomp-client-connected", { orderId }, AT);
    const kept = (await db.pendingLogs.toArray()).map((row) => row.body.orderId);
    expect(kept).toEqual([3, 4, 5]);
  });

  it("one flush at a time: calls recorded during a flush are sent by it, each once", async () => {
    const requests = network();
    const q = queue();
    await Promise.all([
      q.record("stomp-client-connected", { orderId: 1 }, AT),
      q.record("message-received-in-subscription", { orderId: 1 }, AT),
      q.record("order-status-returned-in-subscription", { orderId: 1, status: "ACCEPTED" }, AT),
    ]);
    await q.flush();
    expect(requests.map((r) => r.url.split("/").at(-1)).sort()).toEqual(
      ["message-received-in-subscription", "order-status-returned-in-subscription", "stomp-client-connected"].sort(),
    );
    expect(await pending()).toEqual([]);
  });

  it("never throws, even without IndexedDB: it then tries once straight away", async () => {
    const requests = network();
    const broken = new LogQueue(async () => {
      throw new Error("IndexedDB blocked");
    });
    await expect(broken.record("send-order-clicked", { storeId: 2 }, AT)).resolves.toBeUndefined();
    await expect(broken.flush()).resolves.toBeUndefined();
    expect(requests.map((r) => r.body)).toEqual([{ storeId: 2, at: AT.toISOString() }]);
  });
});

describe("two tabs (Web Locks)", () => {
  it("a tab skips the flush while another tab holds the lock, and sends once it is free", async () => {
    network(() => new TypeError("offline"));
    const q = queue();
    await q.record("stomp-error", { orderId: 1 }, AT);
    let held = true;
    const request = vi.fn(async (_name: string, _options: object, callback: (lock: object | null) => Promise<void>) =>
      callback(held ? null : { name: LOG_FLUSH_LOCK }),
    );
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    const requests = network();
    await q.flush();
    expect(request).toHaveBeenCalledWith(LOG_FLUSH_LOCK, { ifAvailable: true }, expect.any(Function));
    expect(requests).toHaveLength(0);
    held = false;
    await q.flush();
    expect(requests).toHaveLength(1);
    expect(await pending()).toEqual([]);
  });
});

describe("which answers end a call", () => {
  it.each([
    [200, "delivered"],
    [204, "delivered"],
    [400, "refused"],
    [404, "refused"],
    [413, "refused"],
    [408, "retry"],
    [429, "retry"],
    [500, "retry"],
    [502, "retry"],
  ] as const)("%i: %s", (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});
