/**
 * Privacy on deletion, end to end: a person with a phone, name, e-mail and a
 * delivery address orders (delivery, with a doorbell name), writes to the venue, reviews, is a
 * member of the venue, changes phone, asks for a code to yet another number and gets messages;
 * then deletes the account. A search of EVERY table and every column of the database (the tables
 * read from the database itself, so a table added later is searched too) finds none of the
 * phones in any format, the name, the e-mail or the address.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionResponse } from "../../domain/auth-api";
import { insertMembership } from "../db/repositories/memberships.repository";
import { listOutboxMessagesTo } from "../db/repositories/outbox.repository";
import type { Database, DialectName } from "../db/schema";
import { authHeaders, greekMobile, latestCodeTo, type SignedInGuest, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { FIXTURE, placeTestOrder, sandboxCardToken } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase, testDialect } from "../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

const FIRST_PHONE = greekMobile(8101);
const SECOND_PHONE = greekMobile(8102);
/** A number the person asked a code for and never confirmed. */
const UNCONFIRMED_PHONE = greekMobile(8103);
const NAME = "Eleftheria Testopoulou";
const EMAIL = "eleftheria.testopoulou@example.com";
const DELIVERY = {
  address: "Odos Idiotikotitas 77",
  area: "Kryfi Gitonia",
  postalCode: "54699",
  floor: "4",
  doorbell: "Koudouni-Testopoulou",
};

/** What must not be found anywhere; phones are compared with every space, dash and bracket removed. */
function needles(): string[] {
  const phones = [FIRST_PHONE, SECOND_PHONE, UNCONFIRMED_PHONE].flatMap((phone) => [
    phone.e164,
    phone.e164.slice(1),
    String(phone.phoneNumber),
  ]);
  return [
    ...phones,
    NAME,
    "Testopoulou",
    EMAIL,
    "eleftheria.testopoulou",
    DELIVERY.address,
    DELIVERY.area,
    DELIVERY.doorbell,
  ];
}

async function tableNames(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const query =
    dialect === "sqlite"
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  return (await query.execute(db)).rows.map((row) => row.name).sort();
}

/** Every value of every row of every table that contains one of the needles: "table.column: value". */
async function findPersonalData(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const found: string[] = [];
  const wanted = needles().map((needle) => needle.toLowerCase());
  for (const table of await tableNames(db, dialect)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = (typeof value === "string" ? value : JSON.stringify(value)).toLowerCase();
        const squeezed = text.replace(/[\s\-().]/g, "");
        for (const needle of wanted) {
          if (text.includes(needle) || squeezed.includes(needle.replace(/[\s\-().]/g, ""))) {
            found.push(`${table}.${column}: ${text.slice(0, 120)}`);
          }
        }
      }
    }
  }
  return found;
}

let session: { authToken: string; jwt: string };
let person: SignedInGuest;

function useSession(response: { json<T>(): T }) {
  const body = response.json<SessionResponse>();
  session = { authToken: body.authToken.token, jwt: body.jwt };
}

async function staffHeaders(): Promise<Record<string, string>> {
  const response = await server.app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=1357&storeId=1" });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<SessionResponse>();
  return authHeaders({ authToken: body.authToken.token, jwt: body.jwt });
}

async function acceptAndAwaitMessage(orderId: number, recipient: string): Promise<void> {
  const before = (await listOutboxMessagesTo(database.db, recipient, 100)).length;
  const accepted = await server.app.inject({
    method: "POST",
    url: `/api/staff/orders/${orderId}/accept`,
    headers: { ...(await staffHeaders()), "idempotency-key": randomUUID() },
    payload: {},
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await vi.waitFor(async () => {
    expect((await listOutboxMessagesTo(database.db, recipient, 100)).length).toBeGreaterThan(before);
  });
}

beforeAll(async () => {
  await importFixture(database.db);
});

describe("after account deletion no personal data of the person remains", () => {
  it("builds a person's whole history: profile, delivery orders, messages, contact, review, membership, change of phone", async () => {
    person = await signInGuest(server.app, database.db, FIRST_PHONE);
    session = person;
    const profile = await server.app.inject({
      method: "POST",
      url: "/api/user/v2/update",
      headers: authHeaders(session),
      payload: { name: NAME, email: EMAIL },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    useSession(profile);
    await insertMembership(database.db, {
      store_id: FIXTURE.storeId,
      phone: FIRST_PHONE.e164,
      // Ended: member prices would take the orders below the minimum.
      valid_from: null,
      valid_until: "2026-06-30T00:00:00.000Z",
      created_at: clock.now().toISOString(),
    });

    const freddos = {
      itemId: FIXTURE.freddo,
      quantity: 6,
      kilos: null,
      comment: "",
      selection: { [FIXTURE.sugarGroup]: [FIXTURE.noSugar] },
    };
    const delivery = {
      tableId: FIXTURE.delivery,
      lines: [freddos],
      deliveryInfo: DELIVERY,
      comment: `Ring ${DELIVERY.doorbell}`,
    };
    const first = await placeTestOrder(server.app, database.db, { ...person, ...session }, delivery, {
      now: clock.now(),
    });
    await acceptAndAwaitMessage(first.id, FIRST_PHONE.e164);
    const review = await server.app.inject({
      method: "POST",
      url: `/api/orders/${first.id}/review`,
      headers: authHeaders(session),
      payload: { rating: 5, comment: `Thanks from ${NAME}, ${EMAIL}` },
    });
    expect(review.statusCode, review.body).toBe(201);
    const contact = await server.app.inject({
      method: "POST",
      url: "/api/info/contact",
      payload: { storeId: FIXTURE.storeId, name: NAME, email: EMAIL, message: "Do you deliver on Sundays?" },
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);

    // Change of phone: a code to the new number, confirmed.
    const ask = await server.app.inject({
      method: "POST",
      url: "/api/sms/send/change-phone",
      headers: authHeaders(session),
      payload: { phoneNumber: SECOND_PHONE.phoneNumber, countryCode: 30 },
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const changed = await server.app.inject({
      method: "POST",
      url: "/api/user/change-phone",
      headers: authHeaders(session),
      payload: {
        phoneNumber: SECOND_PHONE.phoneNumber,
        countryCode: 30,
        verificationCode: await latestCodeTo(database.db, SECOND_PHONE.e164),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    useSession(changed);

    const second = await placeTestOrder(server.app, database.db, { ...person, ...session }, delivery, {
      now: clock.now(),
    });
    await acceptAndAwaitMessage(second.id, SECOND_PHONE.e164);
    // An order at a table, its outcome e-mailed to an address typed at checkout (found by the
    // "eleftheria.testopoulou" needle), paid from the bill by card, its receipt e-mailed to the
    // profile's address.
    const atTable = await placeTestOrder(
      server.app,
      database.db,
      { ...person, ...session },
      { tableId: FIXTURE.table, lines: [freddos], notifyEmail: "eleftheria.testopoulou@outcome.example.org" },
      { now: clock.now() },
    );
    await acceptAndAwaitMessage(atTable.id, SECOND_PHONE.e164);
    const paid = await server.app.inject({
      method: "POST",
      url: `/api/tables/${FIXTURE.table}/bill/payments`,
      headers: { ...authHeaders(session), "idempotency-key": randomUUID() },
      payload: {
        amountCents: atTable.totals.totalCents,
        tipCents: 0,
        everything: true,
        payment: { type: "CARD", cardToken: await sandboxCardToken(server.app) },
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const mailed = await server.app.inject({
      method: "POST",
      url: `/api/tables/${FIXTURE.table}/bill/payments/${paid.json<{ payment: { id: number } }>().payment.id}/email`,
      headers: authHeaders(session),
      payload: { email: EMAIL, language: "GRE" },
    });
    expect(mailed.statusCode, mailed.body).toBe(202);
    await server.app.jobWorker.drain();
    // A code asked for a third number, never confirmed.
    const unconfirmed = await server.app.inject({
      method: "POST",
      url: "/api/sms/send/change-phone",
      headers: authHeaders(session),
      payload: { phoneNumber: UNCONFIRMED_PHONE.phoneNumber, countryCode: 30 },
    });
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(200);

    // The search finds all of it before the deletion, so it can fail.
    const before = (await findPersonalData(database.db, testDialect())).join("\n");
    for (const place of [
      "users.",
      "orders.delivery_info",
      "orders.notify_email",
      "order_requests.response_body",
      "outbox.recipient",
    ]) {
      expect(before).toContain(place);
    }
    for (const place of [
      "outbox.body",
      "reviews.comment",
      "memberships.phone",
      "verification_codes.target",
      "jobs.payload",
    ]) {
      expect(before).toContain(place);
    }
  });

  it("POST user/delete, then a search of every table and column finds no phone (any format), name, e-mail or address", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/user/delete",
      headers: authHeaders(session),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await findPersonalData(database.db, testDialect())).toEqual([]);
  });

  it("what is kept for the venue's books stays: the orders, their lines and amounts, the rating", async () => {
    const orders = await database.db
      .selectFrom("orders")
      .select(["status", "total_cents", "delivery_info", "comment"])
      .where("user_id", "=", person.userId)
      .execute();
    expect(orders).toHaveLength(3);
    for (const order of orders) {
      expect(order).toMatchObject({ status: "ACCEPTED", delivery_info: null, comment: "" });
      expect(order.total_cents).toBeGreaterThan(0);
    }
    const reviews = await database.db.selectFrom("reviews").select(["rating", "comment"]).execute();
    expect(reviews).toEqual([{ rating: 5, comment: "" }]);
  });

  it("the deleted account's tokens are refused", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/api/creditCard/user",
      headers: authHeaders(session),
    });
    expect(response.statusCode).toBe(401);
  });
});
