/**
 * Printing survives a crash, on the real server process (src/server/main.ts) and its database file
 * (or PostgreSQL under scripts/with-postgres.sh), with the fake network printer on loopback:
 * - a printer station prints an accepted order's ticket, its Greek decoded right (code page 737);
 * - the printer is off, an order is accepted: the PDAs' GET /api/staff/printers shows it failing
 *   with the ticket waiting, and once a minute has passed on the server's dev clock the alert is up
 *   (printerNeedsAlert); the server is killed -9, the printer comes back, the server starts again
 *   on the same database: the ticket prints exactly once (and still once seconds later), the first
 *   ticket is not printed again, and the alert is gone.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../domain/auth-api";
import { printerNeedsAlert } from "../../domain/kitchen";
import type { PrinterStatusDto } from "../../domain/kitchen-api";
import type { OrderDto, OrderStatusEvent } from "../../domain/orders-api";
import { type FakePrinter, startFakePrinter } from "../printing/fake-printer";
import { callServer, startMainProcess } from "../realtime/test-servers";
import { names, sampleVenue } from "../test-fixtures/venue";
import { greekMobile, latestCodeTo } from "../test-support/accounts";
import { importFixture } from "../test-support/seed";
import { setUpTestDatabase } from "../test-support/test-database";
import type { VenueFile } from "../venue/venue-file";

const database = setUpTestDatabase();
/** 12:00 in Athens on a summer day: the sample beach bar is open (09:00-02:00), no happy hour. */
const CLOCK = "2026-07-01T09:00:00.000Z";
/** Short job knobs: a killed process's claimed job is taken over within two seconds. */
const JOBS = { JOB_LEASE_MS: "2000", JOB_POLL_INTERVAL_MS: "200", JOB_RETRY_INITIAL_MS: "200" };
const STORE = 1;
const TABLE = 200;
const BEACH_BAR = 10;
const GREEK_COFFEE = 1001; // 2.50, made in the kitchen
const TWO_BEERS = 1002; // 9.00, made at the bar
const BAR = 60;
const KITCHEN = 61;
const WAITER_PIN = "1357";

type Server = Awaited<ReturnType<typeof startMainProcess>>;
type Session = { authToken: string; jwt: string };

let server: Server | null = null;
let port = 0;
let printer: FakePrinter | null = null;
let printerPort = 0;
/** The server's dev clock minus this process's clock, kept across restarts. */
let clockOffsetMs = Date.parse(CLOCK) - Date.now();

function kitchenVenue(atPort: number): VenueFile {
  const venue = sampleVenue({ storeId: STORE });
  venue.store.names = { GRE: { name: "Παραλία Δοκιμής" }, ENG: { name: "Test Beach" } };
  for (const item of venue.services.flatMap((service) => service.categories.flatMap((c) => c.items))) {
    if (item.id === GREEK_COFFEE) item.names = names("Greek coffee", "Ελληνικός καφές");
  }
  venue.stations = [
    { id: BAR, names: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } }, services: [BEACH_BAR] },
    {
      id: KITCHEN,
      names: { GRE: { name: "Κουζίνα" }, ENG: { name: "Kitchen" } },
      items: [GREEK_COFFEE],
      printer: { host: "127.0.0.1", port: atPort, codePage: "cp737" },
    },
  ];
  return venue;
}

/** A call to the server process running now (its port changes with each start). */
function api(method: string, path: string, options: Parameters<typeof callServer>[3] = {}) {
  return callServer(port, method, path, options);
}

async function must<T = unknown>(...args: Parameters<typeof api>): Promise<T> {
  const answer = await api(...args);
  expect(answer.status, `${args[0]} ${args[1]}: ${answer.text}`).toBeLessThan(300);
  return answer.json<T>();
}

/** The real process on the test database, its dev clock where it was (a new process starts on the real one). */
async function startServer(): Promise<void> {
  server = await startMainProcess({ ...database.env, ...JOBS, DEV_CLOCK_API: "on", DEMO_VENUES: "off" });
  port = server.port;
  await must("PUT", "/api/dev/clock", { body: { date: new Date(Date.now() + clockOffsetMs).toISOString() } });
}

async function moveClock(ms: number): Promise<void> {
  clockOffsetMs += ms;
  await must("PUT", "/api/dev/clock", { body: { date: new Date(Date.now() + clockOffsetMs).toISOString() } });
}

async function signInGuest(): Promise<Session> {
  const phone = greekMobile(71);
  await must("POST", "/api/entrance", { body: { phoneNumber: phone.phoneNumber, countryCode: 30 } });
  const password = await latestCodeTo(database.db, phone.e164);
  const session = await must<SessionResponse>("POST", "/api/authenticate/v2/login", {
    body: { phoneNumber: phone.phoneNumber, countryCode: 30, password },
  });
  return { authToken: session.authToken.token, jwt: session.jwt };
}

async function signInWaiter(): Promise<Session> {
  const session = await must<SessionResponse>("POST", `/api/authenticate/login/pin?pin=${WAITER_PIN}&storeId=${STORE}`);
  return { authToken: session.authToken.token, jwt: session.jwt };
}

/** A guest's order at table 1 (a Greek coffee for the kitchen's printer, beers for the bar), accepted by the waiter. */
async function acceptedOrder(guest: Session, waiter: Session, comment: string): Promise<number> {
  const placed = await must<OrderDto>("POST", "/api/orders", {
    session: guest,
    key: randomUUID(),
    body: {
      serviceId: BEACH_BAR,
      tableId: TABLE,
      lines: [
        { itemId: GREEK_COFFEE, quantity: 2, kilos: null, comment, selection: {} },
        { itemId: TWO_BEERS, quantity: 1, kilos: null, comment: "", selection: {} },
      ],
      comment: "",
      expectedTotalCents: 2 * 250 + 900,
      scheduledFor: null,
      payment: { type: "CASH" },
      selectedTableId: null,
      deliveryInfo: null,
      location: null,
      language: "GRE",
    },
  });
  const accepted = await must<OrderStatusEvent>("POST", `/api/staff/orders/${placed.id}/accept`, {
    session: waiter,
    key: randomUUID(),
  });
  expect(accepted.status).toBe("ACCEPTED");
  return placed.id;
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const printsOf = (fake: FakePrinter | null, mark: string) => (fake?.prints ?? []).filter((p) => p.text.includes(mark));

beforeAll(async () => {
  printer = await startFakePrinter();
  printerPort = printer.port;
  await importFixture(database.db, kitchenVenue(printerPort));
  await startServer();
});

afterAll(async () => {
  await server?.stop();
  await printer?.stop();
});

describe("a station's printer through a kill -9 of the server (real process)", () => {
  it("prints in Greek; off: alert, kill -9, restart, back: the waiting ticket prints exactly once", async () => {
    const guest = await signInGuest();
    const waiter = await signInWaiter();

    // The printer is on: the kitchen's ticket, its Greek decoded right.
    const firstPrinter = printer as FakePrinter;
    await acceptedOrder(guest, waiter, "μέτριος, πρώτη");
    const [first] = await until(
      "the first ticket printed",
      () => printsOf(firstPrinter, "πρώτη"),
      (p) => p.length > 0,
    );
    expect(first?.codePage).toBe("cp737");
    expect(first?.text).toContain("Παραλία Δοκιμής");
    expect(first?.text).toContain("Κουζίνα");
    expect(first?.text).toContain("Ελληνικός καφές");
    expect(first?.text).toContain("μέτριος, πρώτη");
    expect(first?.cut).toBe(true);
    // The bar has no printer: one print only.
    expect(firstPrinter.prints).toHaveLength(1);

    // The printer is off; an order is accepted: the PDAs see it failing, the ticket waiting.
    await firstPrinter.stop();
    printer = null;
    await acceptedOrder(guest, waiter, "διπλός, δεύτερη");
    const failing = await until(
      "the printer shown failing",
      () => must<PrinterStatusDto[]>("GET", "/api/staff/printers", { session: waiter }),
      (statuses) => statuses[0]?.failingSince != null,
    );
    expect(failing).toEqual([
      { stationId: KITCHEN, failingSince: expect.any(String), problem: expect.stringContaining("refused"), waiting: 1 },
    ]);
    // A minute on the server's clock: the alert is up (as the PDA decides it, on the server's time).
    await moveClock(61_000);
    const statuses = await must<PrinterStatusDto[]>("GET", "/api/staff/printers", { session: waiter });
    const serverNow = Date.parse((await must<{ date: string }>("GET", "/api/utils/date")).date);
    expect(statuses[0]).toMatchObject({ stationId: KITCHEN, waiting: 1 });
    expect(printerNeedsAlert(statuses[0]?.failingSince ?? null, serverNow)).toBe(true);

    // kill -9 (perhaps in the middle of a retry), the printer back, the server started again.
    await server?.kill();
    server = null;
    printer = await startFakePrinter({ port: printerPort });
    const back = printer;
    await startServer();
    const [second] = await until(
      "the waiting ticket printed",
      () => printsOf(back, "δεύτερη"),
      (p) => p.length > 0,
    );
    expect(second?.text).toContain("Κουζίνα");
    expect(second?.text).toContain("Ελληνικός καφές");
    expect(second?.text).toContain("διπλός, δεύτερη");
    expect(second?.text).not.toContain("ΑΝΤΙΓΡΑΦΟ");

    // Seconds later: still once, and the first ticket was not printed again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(printsOf(back, "δεύτερη")).toHaveLength(1);
    expect(back.prints).toHaveLength(1);
    expect(printsOf(firstPrinter, "πρώτη")).toHaveLength(1);
    const after = await must<PrinterStatusDto[]>("GET", "/api/staff/printers", { session: await signInWaiter() });
    expect(after).toEqual([{ stationId: KITCHEN, failingSince: null, problem: null, waiting: 0 }]);
  });
});
