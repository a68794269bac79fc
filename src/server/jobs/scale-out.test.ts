/**
 * Scale-out proven: two API processes (src/server/main.ts, each its own pool, bus
 * and job worker) on one PostgreSQL. An order placed through one is accepted through the other;
 * the live status reaches the guest's STOMP connection on either; each job runs once; and a process
 * killed (kill -9) while holding a job loses nothing: the other takes the job over after its lease.
 * PostgreSQL only (SQLite serves one process): `bash scripts/with-postgres.sh npx vitest run
 * --project server src/server/jobs/scale-out.test.ts`.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderDestination } from "../../domain/order-topics";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { callServer, startMainProcess } from "../realtime/test-servers";
import { connectStomp } from "../realtime/test-stomp-client";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../venue/demo-venues";

const onPostgres = testDialect() === "postgres";
const database = setUpTestDatabase();
/** The demo beach hotel's beach bar (venues/README.md), a 6.00 item; waiter PIN 2580. */
const DEMO = { storeId: 7, serviceId: 7001, spotId: 7201, itemId: 70201, pin: "2580" };
/** 12:00 in Athens on a summer day: the beach bar is open. */
const CLOCK = "2026-07-01T09:00:00.000Z";
const JOBS = { JOB_LEASE_MS: "2000", JOB_POLL_INTERVAL_MS: "200", JOB_RETRY_INITIAL_MS: "200" };

type Process = Awaited<ReturnType<typeof startMainProcess>>;
const processes: Process[] = [];
let hangingSms: { url: string; requests: string[]; close(): void } | undefined;

afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  hangingSms?.close();
});

/** An SMS provider that takes requests and never answers: the process sending through it hangs in the job. */
async function startHangingSmsProvider(): Promise<{ url: string; requests: string[]; close(): void }> {
  const requests: string[] = [];
  const held: IncomingMessage[] = [];
  const server = createServer((request) => {
    requests.push(request.url ?? "");
    held.push(request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      for (const request of held) request.socket.destroy();
      server.close();
    },
  };
}

const api = callServer;

function sessionOf(body: unknown): { authToken: string; jwt: string } {
  const session = body as { authToken: { token: string }; jwt: string };
  return { authToken: session.authToken.token, jwt: session.jwt };
}

describe.skipIf(!onPostgres)("two API processes on one PostgreSQL (PostgreSQL only)", () => {
  let a: Process;
  let b: Process;

  beforeAll(async () => {
    // Imported once here: two processes starting on an empty database would both import.
    await importDemoVenuesIfEmpty(database.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
    hangingSms = await startHangingSmsProvider();
    const base = { ...database.env, ...JOBS, DEV_CLOCK_API: "on" };
    [a, b] = await Promise.all([
      // A polls slower than B's lease: the outcome job B's accept writes is B's to claim (its own
      // commit nudges its worker at once), even when a loaded machine delays that nudge past one
      // of A's 200 ms polls; A still takes it over once B's lease has run out.
      startMainProcess({ ...base, JOB_POLL_INTERVAL_MS: "2500" }),
      // B sends SMS through the provider that never answers, so it dies holding the outcome job.
      startMainProcess({
        ...base,
        SMS_PROVIDER: "twilio",
        TWILIO_BASE_URL: hangingSms.url,
        TWILIO_ACCOUNT_SID: "AC1",
        TWILIO_AUTH_TOKEN: "token",
        TWILIO_FROM: "+302100000000",
      }),
    ]);
    processes.push(a, b);
    for (const process of [a, b]) {
      expect((await api(process.port, "PUT", "/api/dev/clock", { body: { date: CLOCK } })).status).toBe(200);
    }
  }, 120_000);

  it("placed on A, accepted on B, live on both, each job once; B killed holding the outcome message: A sends it after the lease, once", async () => {
    // The guest signs in through A (its SMS provider is the outbox: the code is read from the table).
    const phone = { phoneNumber: 6945000999, countryCode: 30 };
    expect((await api(a.port, "POST", "/api/entrance", { body: phone })).status).toBe(200);
    const code = await database.db
      .selectFrom("outbox")
      .select("body")
      .where("recipient", "=", "+306945000999")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const password = /\b(\d{6})\b/.exec(code.body)?.[1];
    const login = await api(a.port, "POST", "/api/authenticate/v2/login", { body: { ...phone, password } });
    expect(login.status, login.text).toBe(200);
    const guest = sessionOf(login.json());

    // Placed through A.
    const menu = (await api(a.port, "GET", `/api/services/${DEMO.serviceId}/menu`)).json() as {
      items: { id: number; priceCents: number }[];
    };
    const price = menu.items.find((item) => item.id === DEMO.itemId)?.priceCents;
    const placed = await api(a.port, "POST", "/api/orders", {
      session: guest,
      key: randomUUID(),
      body: {
        serviceId: DEMO.serviceId,
        tableId: DEMO.spotId,
        lines: [{ itemId: DEMO.itemId, quantity: 1, kilos: null, comment: "", selection: {} }],
        comment: "",
        expectedTotalCents: price,
        scheduledFor: null,
        payment: { type: "CASH" },
        selectedTableId: null,
        deliveryInfo: null,
        location: null,
        language: "ENG",
      },
    });
    expect(placed.status, placed.text).toBe(201);
    const orderId = (placed.json() as { id: number }).id;

    // The guest listens on both processes.
    const listeners = [];
    for (const process of [a, b]) {
      const { client, reply } = await connectStomp(`ws://127.0.0.1:${process.port}/api/stomp`, guest);
      expect(reply.command, JSON.stringify(reply)).toBe("CONNECTED");
      client.send("SUBSCRIBE", { id: "s", destination: orderDestination(orderId), receipt: "r" });
      await client.next("RECEIPT");
      listeners.push(client);
    }

    // Accepted through B.
    const pin = await api(b.port, "POST", `/api/authenticate/login/pin?pin=${DEMO.pin}&storeId=${DEMO.storeId}`);
    expect(pin.status, pin.text).toBe(200);
    const accepted = await api(b.port, "POST", `/api/staff/orders/${orderId}/accept`, {
      session: sessionOf(pin.json()),
      key: randomUUID(),
    });
    expect(accepted.status, accepted.text).toBe(200);
    for (const client of listeners) {
      const message = await client.next("MESSAGE", { timeoutMs: 10_000 });
      expect(JSON.parse(message.body)).toMatchObject({ orderId, status: "ACCEPTED" });
      await client.close();
    }

    // B's worker holds the outcome message, hung on its SMS provider: kill -9 it there.
    await expect.poll(() => hangingSms?.requests.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const held = await database.db
      .selectFrom("jobs")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("kind", "=", "outcome-message")
      .executeTakeFirstOrThrow();
    expect(held).toMatchObject({ state: "PENDING", attempts: 1 });
    const bWorker = held.claimed_by;
    await b.kill();

    // A takes it over once B's lease ran out and sends it through its own provider, once.
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom("jobs")
              .select(["state", "claimed_by", "attempts"])
              .where("id", "=", held.id)
              .executeTakeFirstOrThrow()
          ).state,
        { timeout: 15_000, interval: 200 },
      )
      .toBe("DONE");
    const jobs = await database.db
      .selectFrom("jobs")
      .selectAll()
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();
    // The accept sent the order to its station (a ticket-events job) in the same commit.
    expect(jobs.map((job) => [job.kind, job.state])).toEqual([
      ["status-event", "DONE"],
      ["ticket-events", "DONE"],
      ["status-event", "DONE"],
      ["outcome-message", "DONE"],
    ]);
    // The events ran once each (one claim), the message twice: B's attempt died with B.
    expect(jobs.map((job) => job.attempts)).toEqual([1, 1, 1, 2]);
    expect(jobs[3]?.claimed_by).not.toBe(bWorker);
    const messages = await database.db
      .selectFrom("outbox")
      .select("body")
      .where("recipient", "=", "+306945000999")
      .where("body", "like", "%was accepted%")
      .execute();
    expect(messages).toHaveLength(1);
  }, 120_000);
});
