/**
 * GET /api/stomp end to end: real WebSocket clients (ws, and @stomp/stompjs once) against the
 * whole API listening on a loopback port, sessions from real sign-ins, orders in the database.
 */
import { randomUUID } from "node:crypto";
import { Client as StompJsClient } from "@stomp/stompjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { orderDestination, storeOrdersDestination } from "../../domain/order-topics";
import type { OrderStatusEvent } from "../../domain/orders-api";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { greekMobile, type SignedInGuest, signInGuest } from "../test-support/accounts";
import { setUpTestDatabase } from "../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../venue/demo-venues";
import { InProcessOrderEvents } from "./order-events";
import { insertTestOrder, signInStaff, statusEvent } from "./test-orders";
import { type RunningServer, startApiServer, startStompOnlyServer } from "./test-servers";
import { connectStomp, openStomp, type RawStompClient } from "./test-stomp-client";

const ctx = setUpTestDatabase();
const bus = new InProcessOrderEvents();
let server: RunningServer & Awaited<ReturnType<typeof startApiServer>>;
let guestA: SignedInGuest;
let guestB: SignedInGuest;
let beachWaiter: { userId: number; authToken: string; jwt: string };
let cafeWaiter: { userId: number; authToken: string; jwt: string };
const BEACH_HOTEL = 7;
const CITY_CAFE = 132;
const clients: RawStompClient[] = [];

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  server = await startApiServer(ctx.db, bus);
  guestA = await signInGuest(server.app, ctx.db, greekMobile(501));
  guestB = await signInGuest(server.app, ctx.db, greekMobile(502));
  beachWaiter = await signInStaff(server.app, BEACH_HOTEL, "2580");
  cafeWaiter = await signInStaff(server.app, CITY_CAFE, "1324");
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

async function connected(session: { authToken: string; jwt: string }, headers: Record<string, string> = {}) {
  const { client, reply } = await connectStomp(server.stompUrl, session, headers);
  clients.push(client);
  expect(reply.command, JSON.stringify(reply)).toBe("CONNECTED");
  return client;
}

/** Subscribes with a receipt, so the subscription is in place when the receipt arrives. */
async function subscribe(client: RawStompClient, id: string, destination: string) {
  const from = client.frames.length;
  client.send("SUBSCRIBE", { id, destination, receipt: `sub-${id}` });
  return Promise.race([client.next("RECEIPT", { from }), client.next("ERROR", { from })]);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("STOMP CONNECT: version and auth (spec §6 sessions)", () => {
  it("§6 CONNECT with one token only, a made-up authToken, or a jwt of another session: ERROR INVALID_AUTH_TOKEN, then close", async () => {
    const attempts: Array<Record<string, string> | null> = [
      { authToken: guestA.authToken },
      { jwt: guestA.jwt },
      { authToken: "A".repeat(43), jwt: guestA.jwt },
      { authToken: guestA.authToken, jwt: guestB.jwt },
      { authToken: guestA.authToken, jwt: "not.a.jwt" },
    ];
    for (const headers of attempts) {
      const { client, reply } = await connectStomp(server.stompUrl, null, headers ?? {});
      expect(reply.command).toBe("ERROR");
      expect(reply.headers.message).toBe("INVALID_AUTH_TOKEN");
      expect(await client.closed).toBe(1008);
    }
  });

  it("answers CONNECTED with version 1.2, the negotiated heart-beat and the v12.stomp subprotocol", async () => {
    const client = await connected(guestA, { "heart-beat": "10000,10000" });
    expect(client.socket.protocol).toBe("v12.stomp");
    expect(client.frames[0]?.headers).toMatchObject({ version: "1.2", "heart-beat": "10000,10000" });
  });

  it("the STOMP command works like CONNECT; a client without 1.2 gets ERROR with version:1.2", async () => {
    const stomp = await openStomp(server.stompUrl);
    clients.push(stomp);
    stomp.send("STOMP", { "accept-version": "1.1,1.2", authToken: guestA.authToken, jwt: guestA.jwt });
    await stomp.next("CONNECTED");
    const { client, reply } = await connectStomp(server.stompUrl, guestA, { "accept-version": "1.0,1.1" });
    expect(reply.headers).toMatchObject({ message: "Supported protocol versions are 1.2", version: "1.2" });
    expect(await client.closed).toBe(1002);
  });

  it("a frame before CONNECT, a malformed frame, or a message above 64 KiB ends the connection", async () => {
    const early = await openStomp(server.stompUrl);
    early.send("SUBSCRIBE", { id: "1", destination: "/topic/orders/1" });
    expect((await early.next("ERROR")).headers.message).toBe("Send CONNECT first");
    expect(await early.closed).toBe(1002);

    const malformed = await connected(guestA);
    malformed.socket.send("SUBSCRIBE\nid:a\\tb\n\n\0");
    expect((await malformed.next("ERROR")).headers.message).toMatch(/^Malformed frame: undefined escape/);

    const huge = await connected(guestA);
    huge.socket.send(`SUBSCRIBE\nid:1\ndestination:${"x".repeat(70 * 1024)}\n\n\0`);
    expect(await huge.closed).toBe(1009);
  });
});

describe("STOMP subscriptions: who may listen (guests their own order only, staff their store)", () => {
  it("a guest subscribes to their order and receives the published status as a MESSAGE (application/json)", async () => {
    const order = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    const client = await connected(guestA);
    expect((await subscribe(client, "s1", orderDestination(order.orderId))).command).toBe("RECEIPT");
    const event = statusEvent(order, "ACCEPTED");
    await bus.publish(event);
    const message = await client.next("MESSAGE");
    expect(message.headers).toMatchObject({
      subscription: "s1",
      destination: orderDestination(order.orderId),
      "content-type": "application/json",
      "message-id": expect.any(String),
    });
    expect(JSON.parse(message.body)).toEqual(event);
  });

  it("a guest cannot subscribe to another guest's order: the same ERROR as for an order that does not exist, and no message", async () => {
    const order = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    const intruder = await connected(guestB);
    const refused = await subscribe(intruder, "x", orderDestination(order.orderId));
    const missing = await connected(guestB);
    const unknown = await subscribe(missing, "x", orderDestination(987_654));
    expect(refused.command).toBe("ERROR");
    expect(refused.headers).toEqual(unknown.headers);
    expect(refused.body).toBe(unknown.body);
    expect(await intruder.closed).toBe(1008);
    await bus.publish(statusEvent(order, "REJECTED", "Kitchen closed"));
    await pause(100);
    expect(intruder.frames.filter((frame) => frame.command === "MESSAGE")).toEqual([]);
  });

  it("a guest cannot subscribe to a store's topic, nor to a destination that is not an order topic", async () => {
    for (const destination of [storeOrdersDestination(BEACH_HOTEL), "/topic/orders", "/queue/anything"]) {
      const client = await connected(guestA);
      const reply = await subscribe(client, "s", destination);
      expect(reply.command).toBe("ERROR");
      expect(reply.headers.message).toBe("FORBIDDEN: no such destination for this session");
    }
  });

  it("staff of the store receive its store topic and may follow one of its orders; other stores' events do not reach them", async () => {
    const beachOrder = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    const cafeOrder = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: CITY_CAFE });
    const waiter = await connected(beachWaiter);
    expect((await subscribe(waiter, "store", storeOrdersDestination(BEACH_HOTEL))).command).toBe("RECEIPT");
    expect((await subscribe(waiter, "one", orderDestination(beachOrder.orderId))).command).toBe("RECEIPT");
    await bus.publish(statusEvent(cafeOrder, "ACCEPTED"));
    await bus.publish(statusEvent(beachOrder, "TIMED_OUT"));
    await waiter.next("MESSAGE");
    await pause(100);
    const messages = waiter.frames.filter((frame) => frame.command === "MESSAGE");
    expect(
      messages.map((m) => [m.headers.subscription, (JSON.parse(m.body) as OrderStatusEvent).orderId]).sort(),
    ).toEqual(
      [
        ["one", beachOrder.orderId],
        ["store", beachOrder.orderId],
      ].sort(),
    );
  });

  it("staff of another store cannot subscribe to this store's topic nor to one of its orders", async () => {
    const beachOrder = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    for (const destination of [storeOrdersDestination(BEACH_HOTEL), orderDestination(beachOrder.orderId)]) {
      const client = await connected(cafeWaiter);
      expect((await subscribe(client, "s", destination)).command).toBe("ERROR");
    }
  });

  it("UNSUBSCRIBE stops the messages; a reused subscription id and SEND are refused", async () => {
    const order = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    const client = await connected(guestA);
    await subscribe(client, "s1", orderDestination(order.orderId));
    client.send("UNSUBSCRIBE", { id: "s1", receipt: "u1" });
    expect((await client.next("RECEIPT", { from: 2 })).headers["receipt-id"]).toBe("u1");
    await bus.publish(statusEvent(order, "ACCEPTED"));
    await pause(100);
    expect(client.frames.some((frame) => frame.command === "MESSAGE")).toBe(false);

    await subscribe(client, "s2", orderDestination(order.orderId));
    expect((await subscribe(client, "s2", orderDestination(order.orderId))).headers.message).toBe(
      "Subscription id s2 is already in use",
    );

    const sender = await connected(guestA);
    sender.send("SEND", { destination: orderDestination(order.orderId) }, "{}");
    expect((await sender.next("ERROR")).headers.message).toMatch(/^SEND is not accepted/);
  });

  it("at most 32 subscriptions per connection", async () => {
    const order = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    const client = await connected(guestA);
    for (let i = 0; i < 32; i++) {
      expect((await subscribe(client, `s${i}`, orderDestination(order.orderId))).command).toBe("RECEIPT");
    }
    expect((await subscribe(client, "one-too-many", orderDestination(order.orderId))).headers.message).toBe(
      "Too many subscriptions on this connection",
    );
  });

  it("DISCONNECT with a receipt: RECEIPT, then the server closes normally", async () => {
    const client = await connected(guestA);
    client.send("DISCONNECT", { receipt: "bye-1" });
    expect((await client.next("RECEIPT")).headers["receipt-id"]).toBe("bye-1");
    expect(await client.closed).toBe(1000);
  });
});

describe("STOMP heart-beats (STOMP 1.2 §Heart-beating)", () => {
  it("the server sends an EOL at the negotiated interval, and closes a client silent for twice its interval", async () => {
    const client = await connected(guestA, { "heart-beat": "1000,1000" });
    expect(client.frames[0]?.headers["heart-beat"]).toBe("1000,1000");
    const started = Date.now();
    const code = await client.closed;
    const silentFor = Date.now() - started;
    expect(code).toBe(1006); // terminated: a silent peer gets no closing handshake
    expect(silentFor).toBeGreaterThanOrEqual(1900);
    expect(silentFor).toBeLessThan(4000);
    expect(client.heartBeats).toBeGreaterThanOrEqual(1);
  });

  it("a client that sends its heart-beats stays connected", async () => {
    const client = await connected(guestA, { "heart-beat": "1000,0" });
    const beat = setInterval(() => client.socket.send("\n"), 500);
    await pause(3000);
    clearInterval(beat);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(client.heartBeats).toBe(0); // it asked for none
  });
});

describe("STOMP sessions end with their session (spec §6: logout revokes every token)", () => {
  it("§6 after logout, the connection's next session re-check sends ERROR INVALID_AUTH_TOKEN and closes", async () => {
    const quick = await startStompOnlyServer(ctx.db, bus, { sessionRecheckMs: 300 });
    try {
      const guest = await signInGuest(server.app, ctx.db, greekMobile(503));
      const { client, reply } = await connectStomp(quick.stompUrl, guest);
      clients.push(client);
      expect(reply.command).toBe("CONNECTED");
      await pause(400); // one re-check passes while the session is live
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
      const logout = await server.app.inject({
        method: "POST",
        url: "/api/authenticate/logout",
        headers: { authToken: guest.authToken, jwt: guest.jwt },
      });
      expect(logout.statusCode).toBeLessThan(300);
      expect((await client.next("ERROR")).headers.message).toBe("INVALID_AUTH_TOKEN");
      expect(await client.closed).toBe(1008);
    } finally {
      await quick.close();
    }
  });
});

describe("a real status change reaches the STOMP subscribers (end to end)", () => {
  it("a waiter accepts the order over HTTP: its guest and the store's staff get ACCEPTED live", async () => {
    const order = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    const guest = await connected(guestA);
    const staff = await connected(beachWaiter);
    expect((await subscribe(guest, "mine", orderDestination(order.orderId))).command).toBe("RECEIPT");
    expect((await subscribe(staff, "store", storeOrdersDestination(BEACH_HOTEL))).command).toBe("RECEIPT");
    const accepted = await server.app.inject({
      method: "POST",
      url: `/api/staff/orders/${order.orderId}/accept`,
      headers: { authToken: beachWaiter.authToken, jwt: beachWaiter.jwt, "idempotency-key": randomUUID() },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (const client of [guest, staff]) {
      const message = await client.next("MESSAGE");
      expect(JSON.parse(message.body)).toMatchObject({ orderId: order.orderId, status: "ACCEPTED" });
    }
  });
});

describe("STOMP slow consumers", () => {
  it("a client that stops reading is closed (1013) once the server holds more than maxBufferedBytes for it", async () => {
    const small = await startStompOnlyServer(ctx.db, bus, { maxBufferedBytes: 64 * 1024 });
    try {
      const order = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
      const { client } = await connectStomp(small.stompUrl, guestA);
      clients.push(client);
      expect((await subscribe(client, "s", orderDestination(order.orderId))).command).toBe("RECEIPT");
      // Stop reading: the kernel buffers fill, then the server's WebSocket buffer grows.
      const tcp = (client.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      tcp.pause();
      const big = statusEvent(order, "REJECTED", "x".repeat(50_000));
      for (let i = 0; i < 400; i++) await bus.publish(big);
      tcp.resume();
      expect(await client.closed).toBe(1013);
      expect(client.closeReason).toBe(`slow consumer: more than ${64 * 1024} bytes unsent`);
      expect(client.frames.filter((frame) => frame.command === "MESSAGE").length).toBeLessThan(400);
    } finally {
      await small.close();
    }
  });
});

describe("@stomp/stompjs, the app's client, against the endpoint", () => {
  it("connects with the session headers, subscribes to the guest's order and receives its status", async () => {
    const order = await insertTestOrder(ctx.db, { userId: guestA.userId, storeId: BEACH_HOTEL });
    const received: OrderStatusEvent[] = [];
    const stomp = new StompJsClient({
      webSocketFactory: () => new WebSocket(server.stompUrl, ["v10.stomp", "v11.stomp", "v12.stomp"]),
      connectHeaders: { authToken: guestA.authToken, jwt: guestA.jwt },
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      reconnectDelay: 0,
    });
    const subscribed = new Promise<void>((resolve) => {
      stomp.onConnect = () => {
        stomp.subscribe(orderDestination(order.orderId), (message) => received.push(JSON.parse(message.body)), {
          receipt: "r",
        });
        stomp.watchForReceipt("r", () => resolve());
      };
    });
    stomp.activate();
    try {
      await subscribed;
      const event = statusEvent(order, "ACCEPTED");
      await bus.publish(event);
      await expect.poll(() => received).toEqual([event]);
    } finally {
      await stomp.deactivate();
    }
  });
});

describe("WebSocket upgrades to other paths", () => {
  it("an upgrade to a path without a WebSocket is answered and closed, so the server can still shut down", async () => {
    const other = await startApiServer(ctx.db, new InProcessOrderEvents());
    const socket = new WebSocket(`${other.baseUrl.replace("http", "ws")}/api/no-such-socket`);
    const status = await new Promise<number>((resolve) => {
      socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      socket.on("error", () => resolve(-1));
    });
    expect(status).toBe(404);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
