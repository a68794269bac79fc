import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, SimulatedClock } from "xstate";
import type { OrderStatus, OrderStatusEvent } from "../../domain/orders-api";
import { pollingLogic } from "../orders/status/polling";
import type { StreamEvent } from "../orders/status/status-events";
import {
  BACKUP_POLL_INTERVAL_MS,
  liveModeOf,
  type OrderStatusLogParams,
  orderStatusMachine,
  STATUS_POLL_INTERVAL_MS,
  STREAM_CONNECT_TIMEOUT_MS,
} from "./order-status.machine";

const ORDER_ID = 42;
let instant = Date.parse("2026-07-01T10:00:00.000Z");

function statusEvent(status: OrderStatus, fields: Partial<OrderStatusEvent> = {}): OrderStatusEvent {
  instant += 1000;
  return {
    orderId: ORDER_ID,
    storeId: 1,
    status,
    onHold: false,
    dailyNumber: 7,
    errorMessage: null,
    updatedAt: new Date(instant).toISOString(),
    ...fields,
  };
}

interface FakeStream {
  orderId: number;
  stopped: boolean;
  send(event: StreamEvent): void;
}

/**
 * The machine with fakes at the network edge: GET /api/orders/:orderId/status answers what
 * `server.status` says (or fails), the STOMP stream is driven by the test, log calls are recorded.
 * The polling actor is the real one, on the machine's SimulatedClock.
 */
function start(options: { firstRead?: "answers" | "fails" | "hangs"; status?: OrderStatus } = {}) {
  const server = { status: options.status ?? ("WAITING_FOR_ACCEPTANCE" as OrderStatus), failing: false };
  const fetchStatus = vi.fn(async (orderId: number) => {
    if (server.failing) throw new Error("Failed to fetch");
    return statusEvent(server.status, { orderId });
  });
  const firstRead = vi.fn(async (orderId: number) => {
    if (options.firstRead === "fails") throw new Error("Failed to fetch");
    if (options.firstRead === "hangs") return new Promise<OrderStatusEvent>(() => undefined);
    return fetchStatus(orderId);
  });
  const streams: FakeStream[] = [];
  const logged: Array<OrderStatusLogParams & { orderId: number }> = [];
  const machine = orderStatusMachine.provide({
    actions: {
      log: ({ context }, params) => {
        logged.push({ ...params, orderId: context.orderId });
      },
    },
    actors: {
      fetchStatus: fromPromise(({ input }) => firstRead(input.orderId)),
      poll: pollingLogic(fetchStatus),
      stream: fromCallback(({ input, sendBack }) => {
        const stream: FakeStream = { orderId: input.orderId, stopped: false, send: (event) => sendBack(event) };
        streams.push(stream);
        return () => {
          stream.stopped = true;
        };
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { orderId: ORDER_ID, storeId: 1 }, clock });
  actor.start();
  const stream = () => {
    const last = streams.at(-1);
    if (!last) throw new Error("no stream started");
    return last;
  };
  return {
    actor,
    clock,
    server,
    fetchStatus,
    streams,
    stream,
    logged,
    events: () => logged.map((entry) => entry.event),
    status: () => actor.getSnapshot().context.event?.status ?? null,
    live: () => liveModeOf(actor.getSnapshot()),
    /** Lets the fake network answer. */
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
    /** Moves the clock and lets the polls it started answer. */
    async advance(ms: number) {
      clock.increment(ms);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const message = (event: OrderStatusEvent | object | string) => ({
  type: "STREAM.MESSAGE" as const,
  body: typeof event === "string" ? event : JSON.stringify(event),
});

describe("first read (spec §7 order-status-returned-from-api-call)", () => {
  it("reads the status once at start and logs it with orderId and status", async () => {
    const setup = start();
    await setup.settle();
    expect(setup.fetchStatus).toHaveBeenCalledTimes(1);
    expect(setup.logged).toContainEqual({
      event: "order-status-returned-from-api-call",
      orderId: ORDER_ID,
      status: "WAITING_FOR_ACCEPTANCE",
    });
    expect(setup.status()).toBe("WAITING_FOR_ACCEPTANCE");
  });

  it("a failed first read logs nothing and the stream still follows the order", async () => {
    const setup = start({ firstRead: "fails" });
    await setup.settle();
    expect(setup.events()).not.toContain("order-status-returned-from-api-call");
    expect(setup.live()).toBe("stream");
    setup.stream().send(message(statusEvent("ACCEPTED")));
    expect(setup.status()).toBe("ACCEPTED");
  });

  it("§4 a final status read first stops everything: no stream kept, no backup poll", async () => {
    const setup = start({ status: "REJECTED" });
    await setup.settle();
    expect(setup.status()).toBe("REJECTED");
    expect(setup.actor.getSnapshot().value).toBe("finished");
    expect(setup.stream().stopped).toBe(true);
    await setup.advance(BACKUP_POLL_INTERVAL_MS * 3);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(1);
    expect(setup.live()).toBe("idle");
  });
});

describe("stream first (spec §4 'Real-time status arrives by a message stream')", () => {
  it("subscribes to the order's stream at start and reports it live", () => {
    const setup = start({ firstRead: "hangs" });
    expect(setup.streams).toHaveLength(1);
    expect(setup.stream().orderId).toBe(ORDER_ID);
    expect(setup.live()).toBe("stream");
  });

  it("§7 stomp-client-connected once CONNECTED arrives", () => {
    const setup = start({ firstRead: "hangs" });
    expect(setup.events()).not.toContain("stomp-client-connected");
    setup.stream().send({ type: "STREAM.CONNECTED" });
    expect(setup.logged).toContainEqual({ event: "stomp-client-connected", orderId: ORDER_ID });
  });

  it("§7 each MESSAGE: message-received-in-subscription, then order-status-returned-in-subscription with its status", () => {
    const setup = start({ firstRead: "hangs" });
    setup.stream().send({ type: "STREAM.CONNECTED" });
    setup.stream().send(message(statusEvent("UNDER_REVIEW")));
    expect(setup.logged.slice(-2)).toEqual([
      { event: "message-received-in-subscription", orderId: ORDER_ID },
      { event: "order-status-returned-in-subscription", orderId: ORDER_ID, status: "UNDER_REVIEW" },
    ]);
    expect(setup.status()).toBe("UNDER_REVIEW");
  });

  it.each([
    ["another order's status", statusEvent("ACCEPTED", { orderId: 43 })],
    ["an unknown status", { ...statusEvent("ACCEPTED"), status: "COOKING" }],
    ["JSON that is no status", { hello: "world" }],
  ])("§7 unhandled-message-received for %s; the screen keeps its status", (_what, body) => {
    const setup = start({ firstRead: "hangs" });
    setup.stream().send(message(statusEvent("WAITING_FOR_ACCEPTANCE")));
    setup.stream().send(message(body));
    expect(setup.events().slice(-2)).toEqual(["message-received-in-subscription", "unhandled-message-received"]);
    expect(setup.status()).toBe("WAITING_FOR_ACCEPTANCE");
    expect(setup.live()).toBe("stream");
  });

  it("§7 error-at-message-receipt-in-subscription when handling the message throws (not JSON)", () => {
    const setup = start({ firstRead: "hangs" });
    setup.stream().send(message("{not json"));
    expect(setup.events()).toEqual([
      "backup-polling-enabled",
      "message-received-in-subscription",
      "error-at-message-receipt-in-subscription",
    ]);
    expect(setup.live()).toBe("stream");
  });
});

describe("backup poll beside the stream (spec §4 'a backup poll also exists')", () => {
  it("§7 backup-polling-enabled once; a GET every BACKUP_POLL_INTERVAL_MS, each logged as from-backup-call", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.CONNECTED" });
    expect(setup.events().filter((e) => e === "backup-polling-enabled")).toHaveLength(1);
    await setup.advance(BACKUP_POLL_INTERVAL_MS - 1);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(1); // the first read only
    await setup.advance(1);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(2);
    expect(setup.logged.at(-1)).toEqual({
      event: "order-status-returned-from-backup-call",
      orderId: ORDER_ID,
      status: "WAITING_FOR_ACCEPTANCE",
    });
    await setup.advance(BACKUP_POLL_INTERVAL_MS);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(3);
    expect(setup.events().filter((e) => e === "backup-polling-enabled")).toHaveLength(1);
    expect(setup.live()).toBe("stream");
  });

  it("§4 a status the stream missed arrives by the backup poll and ends the following", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.CONNECTED" });
    setup.server.status = "ACCEPTED";
    await setup.advance(BACKUP_POLL_INTERVAL_MS);
    expect(setup.status()).toBe("ACCEPTED");
    expect(setup.actor.getSnapshot().value).toBe("finished");
    expect(setup.stream().stopped).toBe(true);
  });

  it("a failed backup poll logs nothing and the next one runs on time", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.CONNECTED" });
    setup.server.failing = true;
    await setup.advance(BACKUP_POLL_INTERVAL_MS);
    expect(setup.events()).not.toContain("order-status-returned-from-backup-call");
    setup.server.failing = false;
    await setup.advance(BACKUP_POLL_INTERVAL_MS);
    expect(setup.events()).toContain("order-status-returned-from-backup-call");
  });

  it("an answer older than the status shown is logged but does not replace it", async () => {
    const setup = start({ firstRead: "hangs" });
    const older = statusEvent("WAITING_FOR_ACCEPTANCE");
    setup.stream().send(message(statusEvent("UNDER_REVIEW")));
    setup.actor.send({ type: "STATUS", source: "backup-call", event: older });
    expect(setup.logged.at(-1)).toEqual({
      event: "order-status-returned-from-backup-call",
      orderId: ORDER_ID,
      status: "WAITING_FOR_ACCEPTANCE",
    });
    expect(setup.status()).toBe("UNDER_REVIEW");
  });
});

describe("polling takes over at a STOMP error (spec §4, §7 stomp-error, polling-enabled-at-stomp-error)", () => {
  it("logs stomp-error, then polling-enabled-at-stomp-error, and polls at once and every STATUS_POLL_INTERVAL_MS", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.STOMP_ERROR", message: "Access denied" });
    expect(setup.events().slice(-2)).toEqual(["stomp-error", "polling-enabled-at-stomp-error"]);
    expect(setup.live()).toBe("polling");
    expect(setup.stream().stopped).toBe(true);
    await setup.settle();
    expect(setup.fetchStatus).toHaveBeenCalledTimes(2);
    expect(setup.logged.at(-1)).toEqual({
      event: "order-status-returned-from-stomp-error-polling",
      orderId: ORDER_ID,
      status: "WAITING_FOR_ACCEPTANCE",
    });
    await setup.advance(STATUS_POLL_INTERVAL_MS);
    await setup.advance(STATUS_POLL_INTERVAL_MS);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(4);
  });

  it("the backup poll stops with the stream (polling already asks more often)", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.STOMP_ERROR", message: "" });
    await setup.advance(BACKUP_POLL_INTERVAL_MS);
    expect(setup.events()).not.toContain("order-status-returned-from-backup-call");
  });

  it("§7 a connected client logs stomp-client-disconnected when the error ends the connection", async () => {
    const setup = start({ firstRead: "hangs" });
    setup.stream().send({ type: "STREAM.CONNECTED" });
    setup.stream().send({ type: "STREAM.STOMP_ERROR", message: "" });
    expect(setup.events()).toEqual([
      "backup-polling-enabled",
      "stomp-client-connected",
      "stomp-error",
      "stomp-client-disconnected",
      "polling-enabled-at-stomp-error",
    ]);
  });

  it("the socket closing after the ERROR frame changes nothing: one switch to polling", async () => {
    const setup = start({ firstRead: "hangs" });
    const stream = setup.stream();
    stream.send({ type: "STREAM.STOMP_ERROR", message: "" });
    stream.send({ type: "STREAM.SOCKET_ERROR", reason: "close" });
    expect(setup.events().filter((e) => e.startsWith("polling-enabled"))).toEqual(["polling-enabled-at-stomp-error"]);
    expect(setup.events()).not.toContain("websocket-error");
  });

  it("polling stops at a final status", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.STOMP_ERROR", message: "" });
    await setup.settle();
    setup.server.status = "TIMED_OUT";
    await setup.advance(STATUS_POLL_INTERVAL_MS);
    expect(setup.status()).toBe("TIMED_OUT");
    const calls = setup.fetchStatus.mock.calls.length;
    await setup.advance(STATUS_POLL_INTERVAL_MS * 10);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(calls);
    expect(setup.live()).toBe("idle");
  });

  it("a failed poll logs nothing and polling goes on", async () => {
    const setup = start({ firstRead: "hangs" });
    setup.server.failing = true;
    setup.stream().send({ type: "STREAM.STOMP_ERROR", message: "" });
    await setup.settle();
    await setup.advance(STATUS_POLL_INTERVAL_MS);
    expect(setup.events()).not.toContain("order-status-returned-from-stomp-error-polling");
    setup.server.failing = false;
    await setup.advance(STATUS_POLL_INTERVAL_MS);
    expect(setup.events()).toContain("order-status-returned-from-stomp-error-polling");
  });
});

describe("polling takes over at a WebSocket error (spec §4, §7 websocket-error, polling-enabled-at-websocket-error)", () => {
  it.each(["error", "close", "unavailable"] as const)(
    "a WebSocket %s: websocket-error, polling-enabled-at-websocket-error, then polls",
    async (reason) => {
      const setup = start();
      await setup.settle();
      setup.stream().send({ type: "STREAM.SOCKET_ERROR", reason });
      expect(setup.events().slice(-2)).toEqual(["websocket-error", "polling-enabled-at-websocket-error"]);
      expect(setup.live()).toBe("polling");
      expect(setup.stream().stopped).toBe(true);
      await setup.settle();
      expect(setup.logged.at(-1)).toEqual({
        event: "order-status-returned-from-websocket-error-polling",
        orderId: ORDER_ID,
        status: "WAITING_FOR_ACCEPTANCE",
      });
      setup.server.status = "ACCEPTED";
      await setup.advance(STATUS_POLL_INTERVAL_MS);
      expect(setup.status()).toBe("ACCEPTED");
      expect(setup.actor.getSnapshot().value).toBe("finished");
    },
  );

  it("a stream that never connects within STREAM_CONNECT_TIMEOUT_MS counts as a WebSocket failure", async () => {
    const setup = start({ firstRead: "hangs" });
    await setup.advance(STREAM_CONNECT_TIMEOUT_MS - 1);
    expect(setup.live()).toBe("stream");
    await setup.advance(1);
    expect(setup.events()).toEqual([
      "backup-polling-enabled",
      "websocket-error",
      "polling-enabled-at-websocket-error",
      "order-status-returned-from-websocket-error-polling",
    ]);
    expect(setup.stream().stopped).toBe(true);
    expect(setup.live()).toBe("polling");
  });

  it("a connected stream has no connect timeout", async () => {
    const setup = start({ firstRead: "hangs" });
    setup.stream().send({ type: "STREAM.CONNECTED" });
    await setup.advance(STREAM_CONNECT_TIMEOUT_MS * 3);
    expect(setup.live()).toBe("stream");
    expect(setup.events()).not.toContain("websocket-error");
  });
});

describe("the end (spec §4: listening stops at a final status)", () => {
  it.each(["ACCEPTED", "REJECTED", "TIMED_OUT", "PAYMENT_FAILED"] as const)(
    "%s by the stream: §7 stomp-client-disconnected, the stream and the backup poll stop",
    async (status) => {
      const setup = start();
      await setup.settle();
      setup.stream().send({ type: "STREAM.CONNECTED" });
      setup.stream().send(message(statusEvent(status)));
      expect(setup.status()).toBe(status);
      expect(setup.events().slice(-2)).toEqual(["order-status-returned-in-subscription", "stomp-client-disconnected"]);
      expect(setup.stream().stopped).toBe(true);
      expect(setup.actor.getSnapshot().status).toBe("done");
      await setup.advance(BACKUP_POLL_INTERVAL_MS * 4);
      expect(setup.fetchStatus).toHaveBeenCalledTimes(1);
    },
  );

  it("a pending status change (to UNDER_REVIEW) keeps following", () => {
    const setup = start({ firstRead: "hangs" });
    setup.stream().send(message(statusEvent("UNDER_REVIEW")));
    expect(setup.actor.getSnapshot().status).toBe("active");
    expect(setup.live()).toBe("stream");
  });

  it("§7 cart-screen-closed-while-pending when the screen closes before a final status; everything stops", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.CONNECTED" });
    setup.actor.send({ type: "SCREEN_CLOSED" });
    expect(setup.events().slice(-2)).toEqual(["cart-screen-closed-while-pending", "stomp-client-disconnected"]);
    expect(setup.logged.at(-2)).toEqual({ event: "cart-screen-closed-while-pending", orderId: ORDER_ID });
    expect(setup.stream().stopped).toBe(true);
    await setup.advance(BACKUP_POLL_INTERVAL_MS * 2);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(1);
  });

  it("closing the screen after a final status logs nothing more", async () => {
    const setup = start({ status: "ACCEPTED" });
    await setup.settle();
    expect(setup.actor.getSnapshot().status).toBe("done");
    const before = setup.events();
    setup.actor.send({ type: "SCREEN_CLOSED" });
    expect(setup.events()).toEqual(before);
  });

  it("stopping the machine stops the stream and every poll", async () => {
    const setup = start();
    await setup.settle();
    setup.stream().send({ type: "STREAM.SOCKET_ERROR", reason: "close" });
    await setup.settle();
    setup.actor.stop();
    const calls = setup.fetchStatus.mock.calls.length;
    await setup.advance(STATUS_POLL_INTERVAL_MS * 5);
    expect(setup.fetchStatus).toHaveBeenCalledTimes(calls);
    expect(setup.stream().stopped).toBe(true);
  });
});
