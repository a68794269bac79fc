/**
 * The reconnect of the session's live screens (use-session-topics.ts) when the server restarts:
 * @stomp/stompjs with its 5 s reconnect delay, against a real WebSocket server.
 */
import type { AddressInfo } from "node:net";
import { Client } from "@stomp/stompjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { isServiceRestart, reconnectNow } from "./service-restart";

let server: WebSocketServer;
let url: string;
/** When each CONNECT arrived, and the socket it came on. */
let connects: Array<{ at: number; socket: WebSocket }> = [];

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: "127.0.0.1", handleProtocols: () => "v12.stomp" });
  await new Promise((resolve) => server.once("listening", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/stomp`;
  server.on("connection", (socket) => {
    socket.on("message", (data) => {
      if (!String(data).startsWith("CONNECT")) return;
      connects.push({ at: Date.now(), socket });
      socket.send("CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0");
    });
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A client as the live screens make it: reconnects after 5 s, and at once after a restart close. */
function liveScreenClient() {
  let stopped = false;
  const client = new Client({
    brokerURL: url,
    reconnectDelay: 5_000,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onWebSocketClose: (event) => {
      if (!stopped && isServiceRestart(event.code)) reconnectNow(client, () => stopped);
    },
  });
  client.activate();
  return {
    client,
    stop: async () => {
      stopped = true;
      await client.deactivate({ force: true });
    },
  };
}

async function waitForConnects(count: number, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  while (connects.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("the live screens' STOMP client on a server restart", () => {
  it("graceful shutdown: closed with 1012 (service restart) or 1001 (going away), it connects again at once, not after its 5 s delay", async () => {
    for (const code of [1012, 1001]) {
      connects = [];
      const live = liveScreenClient();
      await waitForConnects(1, 2000);
      const closedAt = Date.now();
      connects[0]?.socket.close(code, "server restart");
      await waitForConnects(2, 2000);
      expect(connects).toHaveLength(2);
      expect((connects[1]?.at ?? Number.POSITIVE_INFINITY) - closedAt).toBeLessThan(1000);
      await live.stop();
    }
  });

  it("a connection closed for any other reason waits for the reconnect delay", async () => {
    connects = [];
    const live = liveScreenClient();
    await waitForConnects(1, 2000);
    connects[0]?.socket.close(1000);
    await waitForConnects(2, 1000);
    expect(connects).toHaveLength(1);
    await live.stop();
  });

  it("only 1001 and 1012 are a restart", () => {
    expect([1000, 1001, 1005, 1006, 1008, 1011, 1012, 1013].filter(isServiceRestart)).toEqual([1001, 1012]);
  });
});
