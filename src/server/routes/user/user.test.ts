import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse, UserResponse, VerificationSent } from "../../../domain/auth-api";
import { fromDbBoolean } from "../../db/columns";
import { insertMembership } from "../../db/repositories/memberships.repository";
import { listOutboxMessagesTo } from "../../db/repositories/outbox.repository";
import { insertSavedCard } from "../../db/repositories/saved-cards.repository";
import { authHeaders, greekMobile, latestCodeTo, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

beforeAll(async () => {
  await importFixture(ctx.db);
});

let phoneSerial = 0;
async function newGuest(): Promise<SignedInGuest> {
  phoneSerial += 1;
  return signInGuest(server.app, ctx.db, greekMobile(phoneSerial));
}

function post(url: string, session: { authToken: string; jwt: string }, payload?: object) {
  return server.app.inject({ method: "POST", url, headers: authHeaders(session), ...(payload ? { payload } : {}) });
}

async function userRow(id: number) {
  return ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("POST user/v2/update (spec §6 profile changes; §7 returns new tokens)", () => {
  it("sets name, e-mail (trimmed, lower-cased) and newsletter choice, and answers the user with new tokens", async () => {
    const guest = await newGuest();
    const response = await post("/api/user/v2/update", guest, {
      name: "  Eleni Papadopoulou ",
      email: " Eleni@Example.GR ",
      optedInForNewsletter: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<SessionResponse>();
    expect(body.authToken.user).toMatchObject({
      id: guest.userId,
      name: "Eleni Papadopoulou",
      email: "eleni@example.gr",
      optedInForNewsletter: true,
    });
    expect(body.authToken.token).not.toBe(guest.authToken);
    const cards = await server.app.inject({
      method: "GET",
      url: "/api/creditCard/user",
      headers: { authToken: body.authToken.token, jwt: body.jwt },
    });
    expect(cards.statusCode).toBe(200);
    // The replaced authToken stops authenticating calls (it may still refresh once, like after a refresh).
    expect((await post("/api/newsletter/opt-out", guest)).statusCode).toBe(401);
  });

  it("a field left out stays as it was; null removes the name or the e-mail", async () => {
    const guest = await newGuest();
    const first = (
      await post("/api/user/v2/update", guest, { name: "Nikos", email: "nikos@example.com" })
    ).json<SessionResponse>();
    const session = { authToken: first.authToken.token, jwt: first.jwt };
    const second = (await post("/api/user/v2/update", session, { optedInForNewsletter: true })).json<SessionResponse>();
    expect(second.authToken.user).toMatchObject({
      name: "Nikos",
      email: "nikos@example.com",
      optedInForNewsletter: true,
    });
    const cleared = (
      await post(
        "/api/user/v2/update",
        { authToken: second.authToken.token, jwt: second.jwt },
        { name: null, email: null },
      )
    ).json<SessionResponse>();
    expect(cleared.authToken.user).toMatchObject({ name: null, email: null });
  });

  it.each([
    ["an empty e-mail", { email: "  " }, "EMPTY_EMAIL"],
    ["an invalid e-mail", { email: "eleni@" }, "INVALID_EMAIL"],
  ])("spec §8: %s is refused with %s (400)", async (_case, payload, code) => {
    const guest = await newGuest();
    const response = await post("/api/user/v2/update", guest, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it("a name with control characters (a NUL cannot even be stored) is refused: 400 VALIDATION_FAILED", async () => {
    const guest = await newGuest();
    for (const name of ["Ele\u0000ni", "Eleni\nBcc: x"]) {
      const response = await post("/api/user/v2/update", guest, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
  });

  it("spec §8 EMAIL_ALREADY_USED: an e-mail of another live account is refused (409), case-insensitively", async () => {
    const owner = await newGuest();
    await post("/api/user/v2/update", owner, { email: "taken@example.com" });
    const other = await newGuest();
    const response = await post("/api/user/v2/update", other, { email: "TAKEN@example.com" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "EMAIL_ALREADY_USED",
      message: "This email address is already registered",
    });
  });
});

describe("change of phone (spec §7 sms/send/change-phone then user/change-phone, new tokens)", () => {
  it("a code goes to the new number; with it the phone changes and new tokens come back", async () => {
    const guest = await newGuest();
    const newPhone = greekMobile(500);
    const sent = await post("/api/sms/send/change-phone", guest, {
      phoneNumber: newPhone.phoneNumber,
      countryCode: newPhone.countryCode,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<VerificationSent>().channel).toBe("sms");
    const code = await latestCodeTo(ctx.db, newPhone.e164);
    const changed = await post("/api/user/change-phone", guest, {
      phoneNumber: newPhone.phoneNumber,
      countryCode: newPhone.countryCode,
      verificationCode: code,
    });
    expect(changed.statusCode).toBe(200);
    const body = changed.json<SessionResponse>();
    expect(body.authToken.user.phone).toEqual({
      phoneNumber: "6940000500",
      countryISO2: "GR",
      international: "+30 694 000 0500",
    });
    expect(body.authToken.token).not.toBe(guest.authToken);
    expect((await userRow(guest.userId)).phone).toBe("+306940000500");
  });

  it("a wrong code, or the code of another account's request for the same number, is refused", async () => {
    const guest = await newGuest();
    const intruder = await newGuest();
    const newPhone = greekMobile(501);
    const payload = { phoneNumber: newPhone.phoneNumber, countryCode: newPhone.countryCode };
    await post("/api/sms/send/change-phone", guest, payload);
    const guestsCode = await latestCodeTo(ctx.db, newPhone.e164);
    const stolen = await post("/api/user/change-phone", intruder, { ...payload, verificationCode: guestsCode });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe("INVALID_VERIFICATION_CODE");
    const wrongCode = guestsCode === "000000" ? "000001" : "000000";
    expect((await post("/api/user/change-phone", guest, { ...payload, verificationCode: wrongCode })).statusCode).toBe(
      400,
    );
    expect((await post("/api/user/change-phone", guest, { ...payload, verificationCode: guestsCode })).statusCode).toBe(
      200,
    );
  });

  it("spec §8 PHONE_ALREADY_USED: a number of another live account is refused (409) before any code is sent", async () => {
    const guest = await newGuest();
    const other = await newGuest();
    const otherPhone = greekMobile(phoneSerial);
    const before = (await listOutboxMessagesTo(ctx.db, otherPhone.e164, 50)).length;
    const response = await post("/api/sms/send/change-phone", guest, {
      phoneNumber: otherPhone.phoneNumber,
      countryCode: otherPhone.countryCode,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "PHONE_ALREADY_USED", message: "This phone is already used" });
    expect(await listOutboxMessagesTo(ctx.db, otherPhone.e164, 50)).toHaveLength(before);
    expect(other.userId).not.toBe(guest.userId);
  });

  it("asking whether phones or e-mails are taken is limited per account: the 11th change in an hour gets 429 RATE_LIMITED", async () => {
    const guest = await newGuest();
    for (let attempt = 0; attempt < 10; attempt++) {
      const candidate = greekMobile(700 + attempt);
      const response = await post("/api/sms/send/change-phone", guest, {
        phoneNumber: candidate.phoneNumber,
        countryCode: 30,
      });
      expect(response.statusCode).toBe(200);
    }
    const eleventh = await post("/api/sms/send/change-phone", guest, { phoneNumber: 6940000799, countryCode: 30 });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe("RATE_LIMITED");
    // An e-mail change counts against the same budget; other profile changes do not.
    expect((await post("/api/user/v2/update", guest, { email: "new@example.gr" })).statusCode).toBe(429);
    expect((await post("/api/user/v2/update", guest, { name: "Still me" })).statusCode).toBe(200);
  });

  it("POST sms/send resends the pending change-of-phone code (by call when asked); with nothing pending: 409 USER_ALREADY_VERIFIED", async () => {
    const guest = await newGuest();
    const nothing = await post("/api/sms/send", guest);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe("USER_ALREADY_VERIFIED");

    const newPhone = greekMobile(502);
    await post("/api/sms/send/change-phone", guest, { phoneNumber: newPhone.phoneNumber, countryCode: 30 });
    clock.advance(MINUTE);
    const resent = await post("/api/sms/send?channel=call", guest);
    expect(resent.statusCode).toBe(200);
    expect(resent.json<VerificationSent>().channel).toBe("call");
    const [call] = await listOutboxMessagesTo(ctx.db, newPhone.e164, 1);
    expect(call?.channel).toBe("call");
    const code = await latestCodeTo(ctx.db, newPhone.e164);
    const changed = await post("/api/user/change-phone", guest, {
      phoneNumber: newPhone.phoneNumber,
      countryCode: 30,
      verificationCode: code,
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe("POST newsletter/opt-out and GET user/membership (spec §6)", () => {
  it("opt-out turns the newsletter off and answers the user", async () => {
    const guest = await newGuest();
    const opted = (await post("/api/user/v2/update", guest, { optedInForNewsletter: true })).json<SessionResponse>();
    const session = { authToken: opted.authToken.token, jwt: opted.jwt };
    const response = await post("/api/newsletter/opt-out", session);
    expect(response.statusCode).toBe(200);
    expect(response.json<UserResponse>().user.optedInForNewsletter).toBe(false);
    expect(fromDbBoolean((await userRow(guest.userId)).opted_in_for_newsletter)).toBe(false);
  });

  it("spec §7: membership answers true (truthy data) for a registered hotel guest of the store, false otherwise", async () => {
    const member = await newGuest();
    const stranger = await newGuest();
    const now = clock.now().toISOString();
    await insertMembership(ctx.db, {
      store_id: 1,
      phone: greekMobile(phoneSerial - 1).e164,
      valid_from: now,
      valid_until: new Date(clock.now().getTime() + 3 * 24 * 3600_000).toISOString(),
      created_at: now,
    });
    const ask = (session: SignedInGuest, restaurantId: number) =>
      server.app.inject({
        method: "GET",
        url: `/api/user/membership?restaurantId=${restaurantId}`,
        headers: authHeaders(session),
      });
    const yes = await ask(member, 1);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toBe(true);
    expect((await ask(stranger, 1)).json()).toBe(false);
    const unknownStore = await ask(member, 404);
    expect(unknownStore.statusCode).toBe(404);
    expect(unknownStore.json().code).toBe("STORE_NOT_FOUND");
    clock.advance(4 * 24 * 3600_000);
    const refreshed = await server.app.inject({
      method: "GET",
      url: "/api/authenticate/v2/tokens/validate/refresh",
      headers: authHeaders(member),
    });
    const body = refreshed.json();
    const afterStay = await ask({ ...member, authToken: body.authToken, jwt: body.jwt }, 1);
    expect(afterStay.json()).toBe(false);
  });
});

describe("POST user/delete (spec §6; design.md: deletion revokes every token)", () => {
  it("erases the personal data, keeps the row (orders stay, anonymised), deletes saved cards", async () => {
    const guest = await newGuest();
    await post("/api/user/v2/update", guest, { name: "Maria", email: "maria@example.com", optedInForNewsletter: true });
    const session = (
      await server.app.inject({
        method: "GET",
        url: "/api/authenticate/v2/tokens/validate/refresh",
        headers: authHeaders(guest),
      })
    ).json();
    const headers = { authToken: session.authToken, jwt: session.jwt };
    await insertSavedCard(ctx.db, {
      user_id: guest.userId,
      provider_token: "card_to_forget",
      brand: "visa",
      last_four: "4242",
      created_at: clock.now().toISOString(),
    });
    const response = await server.app.inject({ method: "POST", url: "/api/user/delete", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const row = await userRow(guest.userId);
    expect(row).toMatchObject({
      kind: "guest",
      phone: null,
      country_iso2: null,
      name: null,
      email: null,
      password_hash: null,
      deleted_at: clock.now().toISOString(),
    });
    expect(fromDbBoolean(row.opted_in_for_newsletter)).toBe(false);
    const cards = await ctx.db.selectFrom("saved_cards").selectAll().where("user_id", "=", guest.userId).execute();
    expect(cards).toEqual([]);
  });

  it("after deletion the old authToken, jwt and refresh token are all refused; the number can start a new account", async () => {
    const guest = await newGuest();
    const phone = greekMobile(phoneSerial);
    const rotated = (
      await server.app.inject({
        method: "GET",
        url: "/api/authenticate/v2/tokens/validate/refresh",
        headers: authHeaders(guest),
      })
    ).json();
    const current = { authToken: rotated.authToken, jwt: rotated.jwt };
    expect((await post("/api/user/delete", current)).statusCode).toBe(200);
    for (const session of [guest, current]) {
      expect((await post("/api/newsletter/opt-out", session)).statusCode).toBe(401);
      const refresh = await server.app.inject({
        method: "GET",
        url: "/api/authenticate/tokens/validate/refresh",
        headers: authHeaders(session),
      });
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json().code).toBe("INVALID_AUTH_TOKEN");
      expect((await post("/api/authenticate/logout", session)).statusCode).toBe(401);
    }
    clock.advance(MINUTE);
    const fresh = await signInGuest(server.app, ctx.db, phone);
    expect(fresh.userId).not.toBe(guest.userId);
  });
});
