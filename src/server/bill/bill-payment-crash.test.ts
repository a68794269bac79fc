/**
 * A guest's card payment of a bill survives a kill -9 of the server, on the real server process
 * (src/server/main.ts) and its database file (or PostgreSQL under scripts/with-postgres.sh):
 * - killed after the card was authorized and before the payment's transaction (the sandbox
 *   provider holds its answer, SANDBOX_AUTHORIZE_PAUSE_MS, so the kill lands exactly there): the
 *   restarted server's recovery job voids the authorization, no payment is written, the bill still
 *   owes everything; the guest's retry with the same Idempotency-Key is answered, and in the end no
 *   card is charged without a payment nor twice for one;
 * - killed right after the 201 (the capture job perhaps not yet run): the restarted server captures
 *   the card exactly once, and the retry with the same key replays the answer without authorizing
 *   again;
 * - not killed, but slower than the recovery delay: the recovery job takes the payment first and
 *   voids the card, and the late payment is refused rather than written.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../domain/auth-api";
import type { Bill, BillPaymentAnswer, BillPaymentRequest } from "../../domain/bill-api";
import type { OrderDto, OrderStatusEvent } from "../../domain/orders-api";
import { callServer, startMainProcess } from "../realtime/test-servers";
import { sampleVenue } from "../test-fixtures/venue";
import { greekMobile, latestCodeTo } from "../test-support/accounts";
import { importFixture } from "../test-support/seed";
import { setUpTestDatabase } from "../test-support/test-database";

const database = setUpTestDatabase();
/** 12:00 in Athens on a summer day: the sample beach bar is open (09:00-02:00), no happy hour. */
const CLOCK = "2026-07-01T09:00:00.000Z";
/**
 * Short job knobs: a killed process's claimed job is taken over within two seconds, and a payment
 * left mid-authorization is voided 1.5 s after it started.
 */
const JOBS = {
  JOB_LEASE_MS: "2000",
  JOB_POLL_INTERVAL_MS: "200",
  JOB_RETRY_INITIAL_MS: "200",
  BILL_PAYMENT_RECOVERY_AFTER_MS: "1500",
};
/** Long enough that the kill always lands inside it. */
const PAUSE_MS = 60_000;
/** Longer than the recovery delay, shorter than a call's time-out: the payment is late, not lost. */
const LATE_MS = 4_000;
/** Each case starts the server process once or twice, several seconds each on a loaded 2-core machine. */
const CASE_TIMEOUT_MS = 90_000;
const STORE = 1;
const TABLE = 200;
const BEACH_BAR = 10;
const GREEK_COFFEE = 1001; // 2.50
const TWO_BEERS = 1002; // 9.00
const WAITER_PIN = "1357";

type Server = Awaited<ReturnType<typeof startMainProcess>>;
type Session = { authToken: string; jwt: string };

let server: Server | null = null;
let port = 0;
/** The server's dev clock minus this process's clock, kept across restarts. */
const clockOffsetMs = Date.parse(CLOCK) - Date.now();
let guest: Session;
let cardToken: string;

/** A call to the server process running now (its port changes with each start). */
function api(method: string, path: string, options: Parameters<typeof callServer>[3] = {}) {
  return callServer(port, method, path, options);
}

async function must<T = unknown>(...args: Parameters<typeof api>): Promise<T> {
  const answer = await api(...args);
  expect(answer.status, `${args[0]} ${args[1]}: ${answer.text}`).toBeLessThan(300);
  return answer.json<T>();
}

/** The real process on the test database, its dev clock where it was; `pauseMs` holds each new authorization's answer. */
async function startServer(pauseMs = 0): Promise<void> {
  server = await startMainProcess({
    ...database.env,
    ...JOBS,
    SANDBOX_AUTHORIZE_PAUSE_MS: String(pauseMs),
    DEV_CLOCK_API: "on",
    DEMO_VENUES: "off",
  });
  port = server.port;
  await must("PUT", "/api/dev/clock", { body: { date: new Date(Date.now() + clockOffsetMs).toISOString() } });
}

async function restart(pauseMs = 0): Promise<void> {
  await server?.kill();
  server = null;
  await startServer(pauseMs);
}

async function signInGuest(): Promise<Session> {
  const phone = greekMobile(73);
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

/** A guest's cash order at the table (2 coffees and beers: 14.00), accepted by the waiter: its lines are on the bill. */
async function acceptedOrder(): Promise<void> {
  const placed = await must<OrderDto>("POST", "/api/orders", {
    session: guest,
    key: randomUUID(),
    body: {
      serviceId: BEACH_BAR,
      tableId: TABLE,
      lines: [
        { itemId: GREEK_COFFEE, quantity: 2, kilos: null, comment: "", selection: {} },
        { itemId: TWO_BEERS, quantity: 1, kilos: null, comment: "", selection: {} },
      ],
      comment: "",
      expectedTotalCents: 2 * 250 + 900,
      scheduledFor: null,
      payment: { type: "CASH" },
      selectedTableId: null,
      deliveryInfo: null,
      location: null,
      language: "ENG",
    },
  });
  const accepted = await must<OrderStatusEvent>("POST", `/api/staff/orders/${placed.id}/accept`, {
    session: await signInWaiter(),
    key: randomUUID(),
  });
  expect(accepted.status).toBe("ACCEPTED");
}

const bill = () => must<Bill>("GET", `/api/tables/${TABLE}/bill`, { session: guest });

/** Everything the table owes, with a tip. */
function payEverything(owedCents: number): BillPaymentRequest {
  return { amountCents: owedCents, tipCents: 100, everything: true, payment: { type: "CARD", cardToken } };
}

const pay = (key: string, body: BillPaymentRequest) =>
  api("POST", `/api/tables/${TABLE}/bill/payments`, { session: guest, key, body });

/** What the sandbox provider authorized for bill payments, with each one's attempt (its key names it). */
async function authorizations() {
  const rows = await database.db
    .selectFrom("sandbox_authorizations")
    .selectAll()
    .where("idempotency_key", "like", "bill-payment-%")
    .orderBy("created_at")
    .execute();
  const attempts = await database.db.selectFrom("bill_payment_attempts").selectAll().orderBy("id").execute();
  return rows.map((row) => ({
    ...row,
    attempt: attempts.find((attempt) => `bill-payment-${attempt.id}` === row.idempotency_key),
  }));
}

/**
 * The provider's side and the attempt both in that state: the job updates the attempt just after
 * the provider answered, so waiting for the provider alone reads the attempt a moment early.
 */
function settledAs(row: Awaited<ReturnType<typeof authorizations>>[number] | undefined, state: "CAPTURED" | "VOIDED") {
  return row?.state === state && row.attempt?.state === state;
}

const guestPayments = () =>
  database.db.selectFrom("table_opening_payments").selectAll().where("guest_user_id", "is not", null).execute();

/**
 * The rule both kills must keep, once the jobs ran: every authorization is captured with exactly
 * one payment row (through its attempt) or voided without one; none is left authorized.
 */
async function expectEveryCardSettledWithItsPayment(): Promise<void> {
  const payments = await guestPayments();
  const all = await authorizations();
  for (const row of all) {
    expect(["CAPTURED", "VOIDED"], row.reference).toContain(row.state);
    expect(row.attempt?.state, row.reference).toBe(row.state);
    const paymentId = row.attempt?.payment_id ?? null;
    if (row.state === "CAPTURED") {
      expect(payments.filter((payment) => payment.id === paymentId)).toHaveLength(1);
    } else {
      expect(paymentId).toBeNull();
    }
  }
  // Every guest payment has exactly one captured authorization behind it: none without, none twice.
  for (const payment of payments) {
    const captured = all.filter((row) => row.state === "CAPTURED" && row.attempt?.payment_id === payment.id);
    expect(captured, `payment ${payment.id}`).toHaveLength(1);
    expect(captured[0]?.amount_cents).toBe(payment.amount_cents + payment.tip_cents);
  }
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  await importFixture(database.db, sampleVenue({ storeId: STORE }));
  await startServer();
  guest = await signInGuest();
  const card = await must<{ cardToken: string }>("POST", "/api/payments/sandbox/cards", {
    body: { number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2099, cvc: "123" },
  });
  cardToken = card.cardToken;
});

afterAll(async () => {
  await server?.stop();
});

describe("a guest's card payment of the bill through a kill -9 of the server (real process)", () => {
  it(
    "bill crash: killed between the card's authorization and the payment's commit, the card is voided, nothing is paid, and the retry with the same key is answered without a charge lacking its payment",
    async () => {
      await restart(PAUSE_MS);
      await acceptedOrder();
      const before = await bill();
      expect(before.owedCents).toBe(1400);
      const key = randomUUID();
      const body = payEverything(before.owedCents);
      // The answer never comes: the process dies while the provider holds it.
      const lost = pay(key, body).catch(() => null);
      const [authorized] = await until("the card authorized", authorizations, (rows) => rows.length === 1);
      expect(authorized).toMatchObject({ state: "AUTHORIZED", amount_cents: 1500, attempt: { state: "AUTHORIZING" } });
      await server?.kill();
      expect(await lost).toBeNull();
      expect(await guestPayments()).toHaveLength(0);

      // Restarted (no pause now): the recovery job finds the authorization by its key and voids it.
      await startServer();
      const [voided] = await until("the authorization voided", authorizations, (rows) => settledAs(rows[0], "VOIDED"));
      expect(voided).toMatchObject({
        reference: authorized?.reference,
        attempt: { state: "VOIDED", payment_id: null, provider_reference: authorized?.reference },
      });
      expect(await guestPayments()).toHaveLength(0);
      const after = await bill();
      expect([after.owedCents, after.paidCents, after.payments.length]).toEqual([1400, 0, 0]);

      // The app's retry: the same key and body. It is answered (the dead process's claim is taken over).
      const retry = await pay(key, body);
      expect([201, 402, 409], retry.text).toContain(retry.status);
      expect(retry.text).not.toContain("REQUEST_IN_PROGRESS");
      if (retry.status === 201) {
        const answer = retry.json<BillPaymentAnswer>();
        expect(answer.bill.owedCents).toBe(0);
        await until("the retry's card captured", authorizations, (rows) =>
          rows.some((row) => settledAs(row, "CAPTURED")),
        );
        // And the key's answer is that payment from now on.
        const again = await pay(key, body);
        expect([again.status, again.text]).toEqual([201, retry.text]);
      } else {
        expect((await bill()).owedCents).toBe(1400);
      }
      await until("no authorization left open", authorizations, (rows) =>
        rows.every((row) => settledAs(row, "CAPTURED") || settledAs(row, "VOIDED")),
      );
      await expectEveryCardSettledWithItsPayment();
      expect((await guestPayments()).length).toBe(retry.status === 201 ? 1 : 0);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "bill crash: killed right after the 201, the card is captured exactly once with its payment, and the retry replays the answer without authorizing again",
    async () => {
      await acceptedOrder();
      const owed = (await bill()).owedCents;
      expect(owed).toBe(1400);
      const authorizedBefore = (await authorizations()).length;
      const paymentsBefore = (await guestPayments()).length;
      const key = randomUUID();
      const body = payEverything(owed);
      const first = await pay(key, body);
      // At once: the capture job was written with the payment and may or may not have run.
      await server?.kill();
      expect(first.status, first.text).toBe(201);
      const answer = first.json<BillPaymentAnswer>();
      const attempt = await database.db
        .selectFrom("bill_payment_attempts")
        .selectAll()
        .where("payment_id", "=", answer.payment.id)
        .executeTakeFirstOrThrow();
      expect(["CAPTURING", "CAPTURED"]).toContain(attempt.state);

      await startServer();
      const captured = await until("the payment's card captured", authorizations, (rows) =>
        settledAs(
          rows.find((row) => row.attempt?.id === attempt.id),
          "CAPTURED",
        ),
      );
      expect(captured.filter((row) => row.attempt?.id === attempt.id)).toHaveLength(1);
      expect(captured.find((row) => row.attempt?.id === attempt.id)).toMatchObject({
        amount_cents: 1500,
        attempt: { state: "CAPTURED", payment_id: answer.payment.id },
      });
      expect(await guestPayments()).toHaveLength(paymentsBefore + 1);

      const retry = await pay(key, body);
      expect(retry.status).toBe(201);
      expect(retry.text).toBe(first.text);
      expect((await authorizations()).length).toBe(authorizedBefore + 1);
      expect(await guestPayments()).toHaveLength(paymentsBefore + 1);
      await expectEveryCardSettledWithItsPayment();
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "bill crash: a payment still authorizing when the recovery delay is up loses to the recovery job: the card is voided and the payment refused, never written",
    async () => {
      await restart(LATE_MS);
      await acceptedOrder();
      const owed = (await bill()).owedCents;
      const paymentsBefore = (await guestPayments()).length;
      const key = randomUUID();
      const body = payEverything(owed);
      const late = await pay(key, body);
      expect([late.status, late.json<{ code: string }>().code]).toEqual([409, "BILL_CHANGED"]);
      const [voided] = (
        await until("the late payment's card voided", authorizations, (rows) => settledAs(rows.at(-1), "VOIDED"))
      ).slice(-1);
      expect(voided).toMatchObject({ state: "VOIDED", attempt: { state: "VOIDED", payment_id: null } });
      expect(await guestPayments()).toHaveLength(paymentsBefore);
      expect((await bill()).owedCents).toBe(owed);
      // The refusal is the key's answer.
      const again = await pay(key, body);
      expect([again.status, again.text]).toEqual([409, late.text]);
      await expectEveryCardSettledWithItsPayment();
    },
    CASE_TIMEOUT_MS,
  );
});
