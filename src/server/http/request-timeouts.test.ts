/**
 * Closed inputs: request and header time-outs, so a client that sends less than it
 * announced (a body shorter than its Content-Length, headers that never end) cannot hold a
 * connection for minutes. Raw TCP sockets against the whole API on a loopback port, with short
 * configured time-outs (production: 30 s request, 10 s headers; config.ts).
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { InProcessOrderEvents } from "../realtime/order-events";
import { type RunningServer, startApiServer } from "../realtime/test-servers";
import { connectStomp } from "../realtime/test-stomp-client";
import { greekMobile, signInGuest } from "../test-support/accounts";
import { buildTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const REQUEST_TIMEOUT_MS = 600;
const HEADERS_TIMEOUT_MS = 400;
const ctx = setUpTestDatabase();
let server: RunningServer & Awaited<ReturnType<typeof startApiServer>>;
let port: number;

beforeAll(async () => {
  server = await startApiServer(ctx.db, new InProcessOrderEvents(), {
    http: { requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS, keepAliveTimeoutMs: 5_000 },
  });
  port = Number(new URL(server.baseUrl).port);
});

afterAll(async () => {
  await server?.close();
});

/** Sends `data` on a fresh connection and waits (at most `waitMs`) for the server to close it. */
function sendAndWaitForClose(data: string, waitMs: number): Promise<{ closedAfterMs: number | null; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(data));
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, answer });
    }, waitMs);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

describe("HTTP time-outs (closed inputs: a stalled client cannot hold a connection)", () => {
  it("by default the server allows 30 s for a request, 10 s for its headers, 72 s of keep-alive idleness", async () => {
    const app = buildTestApp(ctx.db);
    try {
      await app.ready();
      expect(app.server.requestTimeout).toBe(30_000);
      expect(app.server.headersTimeout).toBe(10_000);
      expect(app.server.keepAliveTimeout).toBe(72_000);
    } finally {
      await app.close();
    }
  });

  it("a body shorter than its Content-Length: 408 and the connection closed within the request time-out", async () => {
    const head = [
      "POST /api/entrance HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      "Content-Length: 100",
      "",
      "",
    ].join("\r\n");
    const { closedAfterMs, answer } = await sendAndWaitForClose(`${head}{"phoneNumber":`, 5_000);
    expect(closedAfterMs, "the server kept the connection open").not.toBeNull();
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("headers that never end: the connection is closed within the headers time-out", async () => {
    const { closedAfterMs } = await sendAndWaitForClose(
      "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
      5_000,
    );
    expect(closedAfterMs, "the server kept the connection open").not.toBeNull();
    expect(closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1_500);
  });

  it("a complete request is answered as usual", async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBeLessThan(500);
  });

  it("the STOMP WebSocket is not cut by the request or header time-outs", async () => {
    const guest = await signInGuest(server.app, ctx.db, greekMobile(701));
    const { client, reply } = await connectStomp(server.stompUrl, guest, { "heart-beat": "0,0" });
    expect(reply.command).toBe("CONNECTED");
    await new Promise((resolve) => setTimeout(resolve, 3 * REQUEST_TIMEOUT_MS));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.send("DISCONNECT", { receipt: "bye" });
    expect((await client.next("RECEIPT")).headers["receipt-id"]).toBe("bye");
    await client.close();
  });
});
