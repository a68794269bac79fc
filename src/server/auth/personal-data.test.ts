/**
 * Verification codes and messages of a previous phone or e-mail: after a change of phone the product no
 * longer knows the old number was the person's, so what it holds about that number goes at the
 * change (messages sent to it, codes sent to it); the venue's memberships of it follow the person to
 * the new number. The same for an e-mail address replaced or removed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../domain/auth-api";
import { insertMembership } from "../db/repositories/memberships.repository";
import { authHeaders, greekMobile, latestCodeTo, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

beforeAll(async () => {
  await importFixture(database.db);
});

const OLD = greekMobile(9201);
const NEW = greekMobile(9202);

async function traces(identifier: string) {
  const messages = await database.db
    .selectFrom("outbox")
    .select("id")
    .where((eb) => eb.or([eb("recipient", "=", identifier), eb("body", "like", `%${identifier}%`)]))
    .execute();
  const codes = await database.db
    .selectFrom("verification_codes")
    .select("id")
    .where("target", "=", identifier)
    .execute();
  return { messages: messages.length, codes: codes.length };
}

describe("a change of phone or e-mail forgets the old one", () => {
  it("after user/change-phone: no message or code to the old number is left, and its memberships moved to the new number", async () => {
    const guest = await signInGuest(server.app, database.db, OLD);
    await insertMembership(database.db, {
      store_id: 1,
      phone: OLD.e164,
      valid_from: null,
      valid_until: null,
      created_at: clock.now().toISOString(),
    });
    expect(await traces(OLD.e164)).toEqual({ messages: 1, codes: 1 });

    const ask = await server.app.inject({
      method: "POST",
      url: "/api/sms/send/change-phone",
      headers: authHeaders(guest),
      payload: { phoneNumber: NEW.phoneNumber, countryCode: 30 },
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const changed = await server.app.inject({
      method: "POST",
      url: "/api/user/change-phone",
      headers: authHeaders(guest),
      payload: {
        phoneNumber: NEW.phoneNumber,
        countryCode: 30,
        verificationCode: await latestCodeTo(database.db, NEW.e164),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(await traces(OLD.e164)).toEqual({ messages: 0, codes: 0 });
    const memberships = await database.db.selectFrom("memberships").select("phone").execute();
    expect(memberships).toEqual([{ phone: NEW.e164 }]);
    // The new number's own history is kept: it is the person's now.
    expect((await traces(NEW.e164)).messages).toBe(1);
  });

  it("after an e-mail is replaced: messages to it or naming it (a contact-form e-mail) are gone", async () => {
    const guest = await signInGuest(server.app, database.db, greekMobile(9203));
    const update = (email: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/user/v2/update",
        headers: authHeaders(session),
        payload: { email },
      });
    let session = { authToken: guest.authToken, jwt: guest.jwt };
    const first = await update("old.address@example.com");
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<SessionResponse>();
    session = { authToken: body.authToken.token, jwt: body.jwt };
    const contact = await server.app.inject({
      method: "POST",
      url: "/api/info/contact",
      payload: { name: "Someone", email: "old.address@example.com", message: "Hello" },
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    expect((await traces("old.address@example.com")).messages).toBe(1);

    expect((await update("new.address@example.com")).statusCode).toBe(200);
    expect(await traces("old.address@example.com")).toEqual({ messages: 0, codes: 0 });
  });
});
