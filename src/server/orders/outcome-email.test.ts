/**
 * The order's outcome by e-mail, to the address typed at checkout (spec §1 "the outcome arrives by
 * SMS or e-mail"; §8 E6, E7), through a real SMTP server (a sink on loopback); its newsletter
 * opt-out link works without signing in and refuses any token that is not a valid one of ours.
 */
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userOfNewsletterOptOutToken } from "../auth/newsletter-links";
import { KeyRing } from "../auth/secrets";
import { toDbBoolean } from "../db/columns";
import { signInStaff } from "../realtime/test-orders";
import { sampleVenue } from "../test-fixtures/venue";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import {
  expectedTotalOf,
  FIXTURE,
  openAllDay,
  placeTestOrder,
  postOrder,
  testOrderRequest,
} from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { type SmtpSink, startSmtpSink } from "../test-support/smtp-sink";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { outcomeEmailOf } from "./outcome-email";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
let sink: SmtpSink;
const server = setUpTestApp(() => database.db, {
  now: clock.now,
  get messaging() {
    return {
      sms: { provider: "outbox" as const },
      email: { provider: "smtp" as const, url: sink.url, from: "Κύμα <no-reply@kyma.example>" },
    };
  },
});

let phone = 300;
let waiter: Record<string, string>;

beforeAll(async () => {
  sink = await startSmtpSink();
  await importFixture(database.db, sampleVenue());
  await openAllDay(database.db, FIXTURE.beachBar);
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
});

afterAll(async () => {
  await sink?.close();
});

const decide = async (orderId: number, action: "accept" | "reject", reason?: string) => {
  const response = await server.app.inject({
    method: "POST",
    url: `/api/staff/orders/${orderId}/${action}`,
    headers: { ...waiter, "idempotency-key": randomUUID() },
    payload: action === "reject" ? { reason } : undefined,
  });
  expect(response.statusCode, response.body).toBe(200);
};

const linkIn = (text: string) => {
  const found = /https?:\/\/\S+\/api\/newsletter\/opt-out-link\?token=(\S+)/.exec(text);
  if (found?.[1] === undefined) throw new Error(`no opt-out link in ${text}`);
  return { url: new URL(found[0]), token: decodeURIComponent(found[1]) };
};

const optedIn = async (guest: SignedInGuest) =>
  (
    await database.db
      .selectFrom("users")
      .select("opted_in_for_newsletter")
      .where("id", "=", guest.userId)
      .executeTakeFirstOrThrow()
  ).opted_in_for_newsletter;

const newGuest = async () => {
  const guest = await signInGuest(server.app, database.db, greekMobile(phone++));
  await database.db
    .updateTable("users")
    .set({ opted_in_for_newsletter: toDbBoolean(true) })
    .where("id", "=", guest.userId)
    .execute();
  return guest;
};

describe("spec §8 E6, E7: the outcome's e-mail is checked when the order is placed", () => {
  it.each([
    ["", "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"],
    ["   ", "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"],
    ["eleni@", "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"],
    ["eleni@example.com\r\nBcc: all@example.com", "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"],
  ])("notifyEmail %j: 400 %s, and nothing is stored", async (notifyEmail, code) => {
    const guest = await newGuest();
    const draft = testOrderRequest();
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(database.db, guest, draft, clock.now()) };
    const key = randomUUID();
    const response = await postOrder(server.app, guest, { ...request, notifyEmail }, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
    const orders = await database.db.selectFrom("orders").select("id").where("user_id", "=", guest.userId).execute();
    expect(orders).toEqual([]);
    const answers = await database.db
      .selectFrom("order_requests")
      .select("user_id")
      .where("user_id", "=", guest.userId)
      .execute();
    expect(answers).toEqual([]);
    // The same key with a good address is a first placement, not a replay of the refusal.
    expect((await postOrder(server.app, guest, { ...request, notifyEmail: "eleni@example.gr" }, key)).statusCode).toBe(
      201,
    );
  });
});

describe("the outcome by e-mail (spec §1 'the outcome arrives by SMS or e-mail')", () => {
  it("accepted: an English e-mail goes by SMTP to the typed address (lower-cased), with the SMS as before", async () => {
    const guestPhone = phone;
    const guest = await newGuest();
    const order = await placeTestOrder(
      server.app,
      database.db,
      guest,
      { language: "ENG", notifyEmail: " Accepted.Guest@Example.GR " },
      { now: clock.now() },
    );
    const stored = await database.db
      .selectFrom("orders")
      .select("notify_email")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored.notify_email).toBe("accepted.guest@example.gr");
    await decide(order.id, "accept");
    const mail = await sink.waitFor((received) => received.envelopeTo.includes("accepted.guest@example.gr"));
    expect(mail.subject).toMatch(/order #\d+/);
    expect(mail.text).toMatch(/your order #\d+ was accepted\./);
    expect(mail.text).toContain("No longer want our newsletter? Unsubscribe:");
    const sms = await database.db
      .selectFrom("outbox")
      .select("body")
      .where("channel", "=", "sms")
      .where("recipient", "=", greekMobile(guestPhone).e164)
      .where("body", "like", "%order%")
      .execute();
    expect(sms.map((row) => row.body)).toEqual([expect.stringMatching(/your order #\d+ was accepted\./)]);
  });

  it("rejected: a Greek e-mail with the store's reason", async () => {
    const guest = await newGuest();
    const order = await placeTestOrder(
      server.app,
      database.db,
      guest,
      { language: "GRE", notifyEmail: "rejected.guest@example.gr" },
      { now: clock.now() },
    );
    await decide(order.id, "reject", "Τελείωσε ο πάγος");
    const mail = await sink.waitFor((received) => received.envelopeTo.includes("rejected.guest@example.gr"));
    expect(mail.subject).toMatch(/παραγγελία #\d+/);
    expect(mail.text).toMatch(/η παραγγελία σας #\d+ απορρίφθηκε\. Αιτία: Τελείωσε ο πάγος/);
    expect(mail.text).toContain("Δεν θέλετε πια το ενημερωτικό μας δελτίο;");
  });

  it("timed out: the e-mail says the order ran out of time before being accepted", async () => {
    const guest = await newGuest();
    const order = await placeTestOrder(
      server.app,
      database.db,
      guest,
      { notifyEmail: "late.guest@example.gr" },
      { now: clock.now() },
    );
    const ctx = { db: database.db, keyRing: keyRingOf(), now: clock.now, publicUrl: "https://kyma.example" };
    const message = await outcomeEmailOf(ctx, order.id, { status: "TIMED_OUT", reason: null });
    expect(message?.to).toBe("late.guest@example.gr");
    expect(message?.text).toMatch(/your order #\d+ ran out of time before being accepted\./);
    expect(message?.text).toContain("https://kyma.example/api/newsletter/opt-out-link?token=");
  });

  it("spec §8 P8, C21: the e-mail's link opts the guest out without signing in (a GET only asks to confirm)", async () => {
    const guest = await newGuest();
    const order = await placeTestOrder(
      server.app,
      database.db,
      guest,
      { notifyEmail: "link.guest@example.gr" },
      { now: clock.now() },
    );
    await decide(order.id, "accept");
    const mail = await sink.waitFor((received) => received.envelopeTo.includes("link.guest@example.gr"));
    const { url, token } = linkIn(mail.text);
    const page = await server.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<form method="post" action="/api/newsletter/opt-out-link">');
    expect(await optedIn(guest)).toBeTruthy();
    const done = await server.app.inject({
      method: "POST",
      url: "/api/newsletter/opt-out-link",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Δεν θα λαμβάνετε πια το ενημερωτικό μας δελτίο.");
    expect(done.body).toContain("You will no longer receive our newsletter.");
    expect(await optedIn(guest)).toBeFalsy();
  });

  it("spec §8 P8: a tampered, expired, foreign or other-purpose token gets the one 400 answer and changes nothing", async () => {
    const guest = await newGuest();
    const keys = await keyRingOf().keys();
    const order = await placeTestOrder(
      server.app,
      database.db,
      guest,
      { notifyEmail: "tamper.guest@example.gr" },
      { now: clock.now() },
    );
    const message = await outcomeEmailOf(
      { db: database.db, keyRing: keyRingOf(), now: clock.now, publicUrl: null },
      order.id,
      { status: "ACCEPTED", reason: null },
    );
    const { token } = linkIn(message?.text ?? "");
    expect(await userOfNewsletterOptOutToken(keys.newsletterLinks, token, clock.now())).toBe(guest.userId);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "1" }),
    ).toString("base64url");
    const sessionKeyToken = await new SignJWT({ purpose: "newsletter-opt-out" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("venue-ordering")
      .setAudience("venue-ordering-newsletter-opt-out-link")
      .setSubject(String(guest.userId))
      .setExpirationTime("1h")
      .sign(keys.jwt);
    const refusals = [
      `${header}.${otherUser}.${signature}`,
      `${token.slice(0, -2)}xx`,
      sessionKeyToken,
      guest.jwt,
      "not-a-token",
    ];
    const ask = (body: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/newsletter/opt-out-link",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
    for (const bad of refusals) {
      const answer = await ask(new URLSearchParams({ token: bad }).toString());
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.body).toContain("This link is not valid or has expired.");
      const page = await server.app.inject({
        method: "GET",
        url: `/api/newsletter/opt-out-link?token=${encodeURIComponent(bad)}`,
      });
      expect(page.statusCode).toBe(400);
    }
    // 91 days later the link has expired.
    clock.advance(91 * 24 * 3_600_000);
    try {
      const expired = await ask(new URLSearchParams({ token }).toString());
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toContain("Ο σύνδεσμος δεν είναι έγκυρος ή έχει λήξει.");
    } finally {
      clock.set("2026-07-01T09:00:00.000Z");
    }
    expect(await optedIn(guest)).toBeTruthy();
  });

  it("account deletion forgets the addresses its orders' outcomes were to be e-mailed to, and their jobs", async () => {
    const guest = await newGuest();
    const order = await placeTestOrder(
      server.app,
      database.db,
      guest,
      { notifyEmail: "forget.me@example.gr" },
      { now: clock.now() },
    );
    await decide(order.id, "accept");
    const outcomeJobs = () =>
      database.db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", "outcome-email")
        .where("order_id", "=", order.id)
        .execute();
    expect(await outcomeJobs()).toHaveLength(1);
    const deleted = await server.app.inject({ method: "POST", url: "/api/user/delete", headers: authHeaders(guest) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const row = await database.db
      .selectFrom("orders")
      .select("notify_email")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.notify_email).toBeNull();
    // A failed send's last error could quote the address: the job goes too.
    expect(await outcomeJobs()).toEqual([]);
    const ctx = { db: database.db, keyRing: keyRingOf(), now: clock.now, publicUrl: null };
    expect(await outcomeEmailOf(ctx, order.id, { status: "ACCEPTED", reason: null })).toBeNull();
  });
});

/** The same keys as the app's (the master secret stored in the test database). */
function keyRingOf(): KeyRing {
  return new KeyRing(database.db, null);
}
