/**
 * Abuse limits and closed inputs on GET /api/stomp: connections per session and per
 * client address capped, CONNECT within its time-out, oversized frames answered with an ERROR and
 * logged once without a stack trace. Real `ws` clients against the whole API on a loopback port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { greekMobile, type SignedInGuest, signInGuest } from "../test-support/accounts";
import { setUpTestDatabase } from "../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../venue/demo-venues";
import { InProcessOrderEvents } from "./order-events";
import { type RunningServer, startApiServer, startStompOnlyServer } from "./test-servers";
import { connectStomp, openStomp, type RawStompClient } from "./test-stomp-client";

const ctx = setUpTestDatabase();
const bus = new InProcessOrderEvents();
const SESSION_CAP = 2;
const ADDRESS_CAP = 4;
const logLines: Array<Record<string, unknown>> = [];
let server: RunningServer & Awaited<ReturnType<typeof startApiServer>>;
let guestA: SignedInGuest;
let guestB: SignedInGuest;
const clients: RawStompClient[] = [];

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  server = await startApiServer(ctx.db, bus, {
    stomp: { maxConnectionsPerSession: SESSION_CAP, maxConnectionsPerAddress: ADDRESS_CAP },
    logStream: { write: (line) => logLines.push(JSON.parse(line)) },
  });
  guestA = await signInGuest(server.app, ctx.db, greekMobile(601));
  guestB = await signInGuest(server.app, ctx.db, greekMobile(602));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

async function connect(session: { authToken: string; jwt: string }) {
  const { client, reply } = await connectStomp(server.stompUrl, session);
  clients.push(client);
  return { client, reply };
}

async function closeAll(list: RawStompClient[]) {
  await Promise.all(list.map((client) => client.close()));
}

const logged = (pattern: RegExp) => logLines.filter((line) => pattern.test(String(line.msg)));

describe("STOMP connections per session are capped (no session can exhaust the server's sockets)", () => {
  it("under the cap every connection is CONNECTED; one more of the same session gets ERROR TOO_MANY_CONNECTIONS and 1008, logged once; closing one frees a slot", async () => {
    const held = [];
    for (let i = 0; i < SESSION_CAP; i++) {
      const { client, reply } = await connect(guestA);
      expect(reply.command).toBe("CONNECTED");
      held.push(client);
    }
    const before = logged(/per session/).length;
    const refused = await connect(guestA);
    expect(refused.reply.command).toBe("ERROR");
    expect(refused.reply.headers.message).toBe(`TOO_MANY_CONNECTIONS: at most ${SESSION_CAP} connections per session`);
    expect(await refused.client.closed).toBe(1008);
    const again = await connect(guestA);
    expect(again.reply.command).toBe("ERROR");
    // Two refusals, one log line (a reconnect loop does not flood the log), without a stack.
    const lines = logged(/per session/).slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, cap: "session", limit: SESSION_CAP, refusedSinceLastLog: 1 });
    expect(JSON.stringify(lines[0])).not.toContain("stack");

    // Another session is not affected.
    const other = await connect(guestB);
    expect(other.reply.command).toBe("CONNECTED");
    await closeAll([other.client]);

    await held[0]?.close();
    const freed = await connect(guestA);
    expect(freed.reply.command).toBe("CONNECTED");
    await closeAll([...held, freed.client]);
  });
});

describe("STOMP connections per client address are capped (no address can exhaust the server's sockets)", () => {
  it("sockets beyond the address cap are refused at once with ERROR TOO_MANY_CONNECTIONS and 1008, even before CONNECT; closing one frees a slot", async () => {
    const held: RawStompClient[] = [];
    for (let i = 0; i < ADDRESS_CAP; i++) {
      const client = await openStomp(server.stompUrl);
      clients.push(client);
      held.push(client);
    }
    const before = logged(/per address/).length;
    const refused = await openStomp(server.stompUrl);
    clients.push(refused);
    const error = await refused.next("ERROR");
    expect(error.headers.message).toBe(`TOO_MANY_CONNECTIONS: at most ${ADDRESS_CAP} connections per address`);
    expect(await refused.closed).toBe(1008);
    // The held sockets are still open and can sign in (under the session cap).
    expect(held.every((client) => client.socket.readyState === WebSocket.OPEN)).toBe(true);
    const lines = logged(/per address/).slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ cap: "address", address: "127.0.0.1", limit: ADDRESS_CAP });
    expect(JSON.stringify(lines[0])).not.toContain("stack");

    await held[0]?.close();
    const { client, reply } = await connectStomp(server.stompUrl, guestB);
    clients.push(client);
    expect(reply.command).toBe("CONNECTED");
    await closeAll([...held, client]);
  });
});

describe("CONNECT is required within the connect time-out (10 s in production)", () => {
  it("a socket that sends no CONNECT gets ERROR and is closed (1008) once the time-out passes", async () => {
    const quick = await startStompOnlyServer(ctx.db, bus, { connectTimeoutMs: 300 });
    try {
      const started = Date.now();
      const silent = await openStomp(quick.stompUrl);
      clients.push(silent);
      expect((await silent.next("ERROR")).headers.message).toBe("No CONNECT frame in time");
      expect(await silent.closed).toBe(1008);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(3000);
    } finally {
      await quick.close();
    }
  });
});

describe("oversized STOMP frames (logged once, without a stack trace)", () => {
  it("a 70 KiB frame in one message: ERROR 'Frame too large' and close 1009, one warning line without a stack", async () => {
    const before = logLines.length;
    const { client, reply } = await connect(guestB);
    expect(reply.command).toBe("CONNECTED");
    client.socket.send(`SUBSCRIBE\nid:1\ndestination:${"x".repeat(70 * 1024)}\n\n\0`);
    expect((await client.next("ERROR")).headers.message).toBe("Frame too large: at most 65536 bytes");
    expect(await client.closed).toBe(1009);
    const lines = logLines
      .slice(before)
      .filter((line) => /too large|protocol error|WebSocket error/.test(String(line.msg)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: "STOMP frame too large: connection closed" });
    expect(JSON.stringify(lines[0])).not.toContain("stack");
  });

  it("a frame that grows past 64 KiB over several small messages is refused the same way", async () => {
    const before = logLines.length;
    const { client } = await connect(guestB);
    client.socket.send(`SUBSCRIBE\nid:1\ndestination:`);
    for (let i = 0; i < 20 && client.socket.readyState === WebSocket.OPEN; i++) client.socket.send("y".repeat(4096));
    expect((await client.next("ERROR")).headers.message).toBe("Frame too large: at most 65536 bytes");
    expect(await client.closed).toBe(1009);
    const lines = logLines.slice(before).filter((line) => /too large/.test(String(line.msg)));
    expect(lines).toHaveLength(1);
  });

  it("a WebSocket message above the socket's own limit (256 KiB) is cut by ws (1009), logged once as a warning without a stack", async () => {
    const before = logLines.length;
    const { client } = await connect(guestB);
    client.socket.send(`SUBSCRIBE\nid:1\ndestination:${"z".repeat(300 * 1024)}\n\n\0`);
    expect(await client.closed).toBe(1009);
    await expect
      .poll(() => logLines.slice(before).filter((line) => /protocol error/.test(String(line.msg))))
      .toHaveLength(1);
    const lines = logLines.slice(before).filter((line) => Number(line.level) >= 40);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" });
    expect(JSON.stringify(lines[0])).not.toContain("stack");
  });
});
