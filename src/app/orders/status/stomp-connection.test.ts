/**
 * The real stream actor against a real WebSocket server that speaks just enough STOMP 1.2 (CONNECT,
 * SUBSCRIBE, MESSAGE, ERROR): what the order-status machine hears for each thing the server does.
 */
import "fake-indexeddb/auto";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { createActor, setup } from "xstate";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import type { StreamEvent } from "./status-events";
import { createStompStream, MAX_RESTART_RECONNECTS, stompUrl } from "./stomp-connection";

interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

function parseFrames(data: string): Frame[] {
  return data
    .split("\0")
    .map((chunk) => chunk.replace(/^\n+/, ""))
    .filter((chunk) => chunk !== "")
    .map((chunk) => {
      const [head = "", body = ""] = chunk.split("\n\n");
      const [command = "", ...lines] = head.split("\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]),
      );
      return { command, headers, body };
    });
}

const frame = (command: string, headers: Record<string, string>, body = "") =>
  `${command}\n${Object.entries(headers)
    .map(([key, value]) => `${key}:${value}`)
    .join("\n")}\n\n${body}\0`;

/** A STOMP server: `onConnect` decides the answer to CONNECT; frames and sockets are kept. */
let server: WebSocketServer;
let url: string;
let received: Frame[] = [];
let sockets: WebSocket[] = [];
let onConnect: (socket: WebSocket, frame: Frame) => void;

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/stomp`;
  server.on("connection", (socket) => {
    sockets.push(socket);
    socket.on("message", (data) => {
      for (const parsed of parseFrames(String(data))) {
        received.push(parsed);
        if (parsed.command === "CONNECT") onConnect(socket, parsed);
      }
    });
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(async () => {
  received = [];
  for (const socket of sockets) socket.terminate();
  sockets = [];
  await clearSession();
});

const accept = (socket: WebSocket) => socket.send(frame("CONNECTED", { version: "1.2", "heart-beat": "0,0" }));

/** Runs the stream actor under a parent that records what it hears. */
function follow(orderId: number, brokerURL = () => url) {
  const heard: StreamEvent[] = [];
  const parent = setup({ actors: { stream: createStompStream({ brokerURL }) } }).createMachine({
    invoke: { src: "stream", input: { orderId } },
    on: { "*": { actions: ({ event }) => void heard.push(event as StreamEvent) } },
  });
  const actor = createActor(parent).start();
  return { heard, actor };
}

describe("the STOMP stream of one order (design.md 'Real time')", () => {
  it("connects with the session's authToken and jwt, subscribes to /topic/orders/{orderId}, passes MESSAGE bodies on", async () => {
    await storeSession(testSession());
    onConnect = accept;
    const { heard, actor } = follow(42);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "STREAM.CONNECTED" }));
    const connect = received.find((f) => f.command === "CONNECT");
    expect(connect?.headers).toMatchObject({
      authToken: "opaque-token",
      jwt: "header.payload.signature",
      "accept-version": expect.stringContaining("1.2"),
      "heart-beat": "10000,10000",
    });
    await vi.waitFor(() => expect(received.some((f) => f.command === "SUBSCRIBE")).toBe(true));
    const subscribe = received.find((f) => f.command === "SUBSCRIBE");
    expect(subscribe?.headers.destination).toBe("/topic/orders/42");
    const body = JSON.stringify({ orderId: 42, status: "ACCEPTED" });
    sockets[0]?.send(
      frame(
        "MESSAGE",
        { destination: "/topic/orders/42", subscription: subscribe?.headers.id ?? "", "message-id": "1" },
        body,
      ),
    );
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "STREAM.MESSAGE", body }));
    actor.stop();
  });

  it("an ERROR frame (CONNECT refused) is a STOMP error with its message", async () => {
    onConnect = (socket) => {
      socket.send(frame("ERROR", { message: "INVALID_AUTH_TOKEN" }));
      socket.close();
    };
    const { heard, actor } = follow(42);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "STREAM.STOMP_ERROR", message: "INVALID_AUTH_TOKEN" }));
    expect(heard[0]).toEqual({ type: "STREAM.STOMP_ERROR", message: "INVALID_AUTH_TOKEN" });
    actor.stop();
  });

  it("a CONNECT refused because a refresh rotated the tokens meanwhile is sent once more with the new pair", async () => {
    await storeSession(testSession({ authToken: "before-refresh" }));
    onConnect = (socket, connect) => {
      if (connect.headers.authToken === "before-refresh") {
        // The refresh's answer lands while this CONNECT is on its way; the server refuses the old pair.
        void storeSession(testSession({ authToken: "after-refresh" })).then(() => {
          socket.send(frame("ERROR", { message: "INVALID_AUTH_TOKEN" }));
          socket.close();
        });
        return;
      }
      accept(socket);
    };
    const { heard, actor } = follow(42);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "STREAM.CONNECTED" }));
    expect(received.filter((f) => f.command === "CONNECT").map((f) => f.headers.authToken)).toEqual([
      "before-refresh",
      "after-refresh",
    ]);
    expect(heard).toEqual([{ type: "STREAM.CONNECTED" }]);
    actor.stop();
  });

  it("refused again with the new pair, or refused while the stored pair is the one it carried: a STOMP error", async () => {
    await storeSession(testSession({ authToken: "before-refresh" }));
    onConnect = (socket, connect) => {
      const refuse = () => {
        socket.send(frame("ERROR", { message: "INVALID_AUTH_TOKEN" }));
        socket.close();
      };
      if (connect.headers.authToken === "before-refresh") {
        void storeSession(testSession({ authToken: "after-refresh" })).then(refuse);
      } else refuse();
    };
    const rotated = follow(42);
    await vi.waitFor(() =>
      expect(rotated.heard).toContainEqual({ type: "STREAM.STOMP_ERROR", message: "INVALID_AUTH_TOKEN" }),
    );
    expect(received.filter((f) => f.command === "CONNECT")).toHaveLength(2);
    rotated.actor.stop();

    received = [];
    const unchanged = follow(43);
    await vi.waitFor(() =>
      expect(unchanged.heard).toContainEqual({ type: "STREAM.STOMP_ERROR", message: "INVALID_AUTH_TOKEN" }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.filter((f) => f.command === "CONNECT").map((f) => f.headers.authToken)).toEqual(["after-refresh"]);
    unchanged.actor.stop();
  });

  it("the server closing the socket is a WebSocket close", async () => {
    onConnect = (socket) => {
      accept(socket);
      setTimeout(() => socket.close(), 20);
    };
    const { heard, actor } = follow(42);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "STREAM.SOCKET_ERROR", reason: "close" }));
    actor.stop();
  });

  it("graceful shutdown: a server closing with 1012 (service restart) or 1001 (going away) is connected again at once, unnoticed by the machine", async () => {
    for (const code of [1012, 1001]) {
      received = [];
      let connects = 0;
      onConnect = (socket) => {
        connects += 1;
        accept(socket);
        if (connects === 1) setTimeout(() => socket.close(code, "server restart"), 20);
      };
      const { heard, actor } = follow(42);
      await vi.waitFor(() => expect(received.filter((f) => f.command === "SUBSCRIBE")).toHaveLength(2));
      expect(received.filter((f) => f.command === "SUBSCRIBE").map((f) => f.headers.destination)).toEqual([
        "/topic/orders/42",
        "/topic/orders/42",
      ]);
      expect(heard.filter((e) => e.type === "STREAM.SOCKET_ERROR")).toEqual([]);
      actor.stop();
    }
  });

  it("a server that keeps closing with 1012 is reconnected MAX_RESTART_RECONNECTS times, then a WebSocket close (the machine polls)", async () => {
    onConnect = (socket) => {
      accept(socket);
      setTimeout(() => socket.close(1012, "server restart"), 20);
    };
    const { heard, actor } = follow(42);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "STREAM.SOCKET_ERROR", reason: "close" }));
    expect(received.filter((f) => f.command === "CONNECT")).toHaveLength(1 + MAX_RESTART_RECONNECTS);
    actor.stop();
  });

  it("nothing listening at the address is a WebSocket failure", async () => {
    const closed = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise((resolve) => closed.once("listening", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { heard, actor } = follow(42, () => `ws://127.0.0.1:${port}/api/stomp`);
    await vi.waitFor(() => expect(heard.some((e) => e.type === "STREAM.SOCKET_ERROR")).toBe(true));
    actor.stop();
  });

  it("stopping the actor closes the connection and reports nothing more", async () => {
    onConnect = accept;
    const { heard, actor } = follow(42);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: "STREAM.CONNECTED" }));
    const socket = sockets[0];
    const closed = new Promise((resolve) => socket?.once("close", resolve));
    actor.stop();
    await closed;
    expect(heard.map((e) => e.type)).toEqual(["STREAM.CONNECTED"]);
  });
});

describe("a stream stopped at once", () => {
  it("never connects when stopped before the library loaded (the screen closed right away)", async () => {
    onConnect = accept;
    const { heard, actor } = follow(42);
    actor.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sockets).toHaveLength(0);
    expect(heard).toEqual([]);
  });
});

describe("the stream's address", () => {
  it("is /api/stomp of the page's origin, wss on https", () => {
    expect(stompUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/api/stomp");
    expect(stompUrl({ protocol: "https:", host: "order.example.gr" })).toBe("wss://order.example.gr/api/stomp");
  });
});
