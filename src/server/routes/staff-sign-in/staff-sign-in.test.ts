import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse, StaffLoginTokenResponse } from "../../../domain/auth-api";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../../paths";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { DAY, HOUR, MINUTE, SECOND, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../../venue/demo-venues";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

/** The demo venues' stores and staff (README): Ammoudia Beach Hotel 7, Rotonda Café Bar 132. */
const BEACH_HOTEL = 7;
const CITY_CAFE = 132;

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
});

function pinLogin(storeId: number, pin: string) {
  return server.app.inject({ method: "POST", url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}` });
}

function session(body: SessionResponse) {
  return { authToken: body.authToken.token, jwt: body.jwt };
}

describe("staff sign-in by PIN (spec §6, §7 authenticate/login/pin)", () => {
  it("a demo waiter's PIN (2580 at store 7) signs in: same answer as a phone sign-in, role WAITER", async () => {
    const response = await pinLogin(BEACH_HOTEL, "2580");
    expect(response.statusCode).toBe(200);
    const body = response.json<SessionResponse>();
    expect(body.authToken.user).toEqual({
      id: expect.any(Number),
      name: "Νίκος Παπαδόπουλος",
      email: null,
      phone: null,
      verified: true,
      optedInForNewsletter: false,
      role: "WAITER",
      storeId: BEACH_HOTEL,
    });
    const refreshed = await server.app.inject({
      method: "GET",
      url: "/api/authenticate/v2/tokens/validate/refresh",
      headers: authHeaders(session(body)),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.id).toBe(body.authToken.user.id);
  });

  it("the same staff member signs in to the same account every time; the admin PIN gives role ADMIN", async () => {
    const first = (await pinLogin(BEACH_HOTEL, "3691")).json<SessionResponse>();
    const second = (await pinLogin(BEACH_HOTEL, "3691")).json<SessionResponse>();
    expect(second.authToken.user.id).toBe(first.authToken.user.id);
    expect((await pinLogin(BEACH_HOTEL, "707070")).json<SessionResponse>().authToken.user.role).toBe("ADMIN");
  });

  it("a PIN of another store does not sign in here: 401 INVALID_PIN", async () => {
    const response = await pinLogin(CITY_CAFE, "2580");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: "INVALID_PIN", message: "Invalid PIN" });
    clock.advance(15 * MINUTE);
  });

  it("an unknown store: 404 STORE_NOT_FOUND; a malformed or missing PIN: 401 INVALID_PIN; no storeId: 400", async () => {
    expect((await pinLogin(4040, "2580")).json().code).toBe("STORE_NOT_FOUND");
    for (const url of [
      `/api/authenticate/login/pin?pin=12&storeId=${BEACH_HOTEL}`,
      `/api/authenticate/login/pin?pin=abcd&storeId=${BEACH_HOTEL}`,
      `/api/authenticate/login/pin?storeId=${BEACH_HOTEL}`,
    ]) {
      const response = await server.app.inject({ method: "POST", url });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("INVALID_PIN");
    }
    const noStore = await server.app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=2580" });
    expect(noStore.statusCode).toBe(400);
  });
});

describe("PIN guesses are throttled per store, not per address (design.md: 5 failures per 15 minutes)", () => {
  it("after 5 wrong PINs the store refuses even a right PIN with 429 RATE_LIMITED until the window passes", async () => {
    clock.advance(HOUR);
    for (let guess = 0; guess < 5; guess++) {
      const response = await pinLogin(CITY_CAFE, `900${guess}`);
      expect(response.statusCode).toBe(401);
      clock.advance(SECOND);
    }
    const locked = await pinLogin(CITY_CAFE, "1324");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: "RATE_LIMITED", message: "Too many failed sign-ins; try again later" });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
    // Other stores are not held back by this one's guesses.
    expect((await pinLogin(BEACH_HOTEL, "2580")).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await pinLogin(CITY_CAFE, "1324")).statusCode).toBe(200);
  });

  it("guesses from different client addresses count together", async () => {
    clock.advance(HOUR);
    for (let guess = 0; guess < 5; guess++) {
      await server.app.inject({
        method: "POST",
        url: `/api/authenticate/login/pin?pin=800${guess}&storeId=${CITY_CAFE}`,
        remoteAddress: `10.0.0.${guess + 1}`,
      });
    }
    const fromNewAddress = await server.app.inject({
      method: "POST",
      url: `/api/authenticate/login/pin?pin=8009&storeId=${CITY_CAFE}`,
      remoteAddress: "10.9.9.9",
    });
    expect(fromNewAddress.statusCode).toBe(429);
  });

  it("right PINs do not count: a busy shift of sign-ins never locks the store", async () => {
    clock.advance(HOUR);
    for (let login = 0; login < 8; login++) expect((await pinLogin(CITY_CAFE, "5768")).statusCode).toBe(200);
  });

  it("concurrent wrong guesses cannot slip past the limit", async () => {
    clock.advance(HOUR);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, guess) => pinLogin(CITY_CAFE, String(700000 + guess))),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});

describe("staff sign-in by login token (spec §7 authenticate/login/waiter-from-token; issued by an admin)", () => {
  let admin: { authToken: string; jwt: string };
  beforeAll(async () => {
    clock.advance(DAY);
    admin = session((await pinLogin(BEACH_HOTEL, "707070")).json<SessionResponse>());
  });

  async function issue(staffId: number, headers = authHeaders(admin)) {
    return server.app.inject({ method: "POST", url: "/api/staff/login-tokens", headers, payload: { staffId } });
  }

  function fromToken(userId: number, storeId: number, loginToken: string) {
    return server.app.inject({
      method: "POST",
      url: `/api/authenticate/login/waiter-from-token?userId=${userId}&storeId=${storeId}`,
      headers: { "login-token": loginToken },
    });
  }

  it("an admin issues a one-use token for a waiter of the store; it signs the waiter in once", async () => {
    const issued = await issue(7901);
    expect(issued.statusCode).toBe(201);
    const token = issued.json<StaffLoginTokenResponse>();
    expect(token).toMatchObject({
      storeId: BEACH_HOTEL,
      expiresAt: new Date(clock.now().getTime() + DAY).toISOString(),
    });
    const first = await fromToken(token.userId, BEACH_HOTEL, token.loginToken);
    expect(first.statusCode).toBe(200);
    expect(first.json<SessionResponse>().authToken.user).toMatchObject({
      id: token.userId,
      role: "WAITER",
      name: "Νίκος Παπαδόπουλος",
    });
    const again = await fromToken(token.userId, BEACH_HOTEL, token.loginToken);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe("INVALID_AUTH_TOKEN");
  });

  it("the token is refused for another userId or store, after 24 hours, or when made up", async () => {
    const token = (await issue(7902)).json<StaffLoginTokenResponse>();
    const other = (await issue(7901)).json<StaffLoginTokenResponse>();
    expect((await fromToken(other.userId, BEACH_HOTEL, token.loginToken)).statusCode).toBe(401);
    expect((await fromToken(token.userId, CITY_CAFE, token.loginToken)).statusCode).toBe(401);
    expect((await fromToken(token.userId, BEACH_HOTEL, "x".repeat(43))).statusCode).toBe(401);
    expect((await fromToken(token.userId, BEACH_HOTEL, "")).statusCode).toBe(401);
    clock.advance(DAY);
    expect((await fromToken(token.userId, BEACH_HOTEL, token.loginToken)).statusCode).toBe(401);
  });

  it("login-token guesses are throttled per staff account: 5 failures, then 429 even for the right token", async () => {
    clock.advance(HOUR);
    admin = session((await pinLogin(BEACH_HOTEL, "707070")).json<SessionResponse>());
    const token = (await issue(7902)).json<StaffLoginTokenResponse>();
    for (let guess = 0; guess < 5; guess++) {
      expect((await fromToken(token.userId, BEACH_HOTEL, `${"g".repeat(42)}${guess}`)).statusCode).toBe(401);
    }
    const locked = await fromToken(token.userId, BEACH_HOTEL, token.loginToken);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("RATE_LIMITED");
    clock.advance(15 * MINUTE);
    expect((await fromToken(token.userId, BEACH_HOTEL, token.loginToken)).statusCode).toBe(200);
  });

  it("only an admin of the store issues tokens, only for its own staff", async () => {
    clock.advance(HOUR);
    admin = session((await pinLogin(BEACH_HOTEL, "707070")).json<SessionResponse>());
    const waiter = session((await pinLogin(BEACH_HOTEL, "2580")).json<SessionResponse>());
    const byWaiter = await issue(7902, authHeaders(waiter));
    expect(byWaiter.statusCode).toBe(403);
    expect(byWaiter.json().code).toBe("FORBIDDEN");
    const otherStoresWaiter = await issue(13901);
    expect(otherStoresWaiter.statusCode).toBe(404);
    clock.advance(MINUTE);
    const guest = await signInGuest(server.app, ctx.db, greekMobile(1));
    expect((await issue(7902, authHeaders(guest))).statusCode).toBe(403);
    expect((await issue(7902, {})).statusCode).toBe(401);
  });
});

describe("temporary sign-in (spec §6 'a temporary login', §7 authenticate/login/tmp)", () => {
  it("answers a session of a new anonymous VISITOR account of the store", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: `/api/authenticate/login/tmp?storeId=${BEACH_HOTEL}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<SessionResponse>();
    expect(body.authToken.user).toMatchObject({ role: "VISITOR", storeId: BEACH_HOTEL, phone: null, verified: false });
    const other = (
      await server.app.inject({ method: "POST", url: `/api/authenticate/login/tmp?storeId=${BEACH_HOTEL}` })
    ).json<SessionResponse>();
    expect(other.authToken.user.id).not.toBe(body.authToken.user.id);
  });

  it("a visitor session lasts 12 hours, refreshes or not, and cannot use a guest's account calls (403)", async () => {
    const body = (
      await server.app.inject({ method: "POST", url: `/api/authenticate/login/tmp?storeId=${CITY_CAFE}` })
    ).json<SessionResponse>();
    let current = session(body);
    const optOut = await server.app.inject({
      method: "POST",
      url: "/api/newsletter/opt-out",
      headers: authHeaders(current),
    });
    expect(optOut.statusCode).toBe(403);
    expect(optOut.json().code).toBe("FORBIDDEN");
    const membership = await server.app.inject({
      method: "GET",
      url: `/api/user/membership?restaurantId=${CITY_CAFE}`,
      headers: authHeaders(current),
    });
    expect(membership.json()).toBe(false);
    for (let hour = 0; hour < 11; hour++) {
      clock.advance(HOUR);
      const refreshed = await server.app.inject({
        method: "GET",
        url: "/api/authenticate/v2/tokens/validate/refresh",
        headers: authHeaders(current),
      });
      expect(refreshed.statusCode).toBe(200);
      current = { authToken: refreshed.json().authToken, jwt: refreshed.json().jwt };
    }
    clock.advance(HOUR);
    const expired = await server.app.inject({
      method: "GET",
      url: "/api/authenticate/v2/tokens/validate/refresh",
      headers: authHeaders(current),
    });
    expect(expired.statusCode).toBe(401);
  });

  it("an unknown store: 404 STORE_NOT_FOUND; 31 in an hour from one address: 429 RATE_LIMITED", async () => {
    expect(
      (await server.app.inject({ method: "POST", url: "/api/authenticate/login/tmp?storeId=4040" })).json().code,
    ).toBe("STORE_NOT_FOUND");
    clock.advance(DAY);
    const attempt = () =>
      server.app.inject({
        method: "POST",
        url: `/api/authenticate/login/tmp?storeId=${BEACH_HOTEL}`,
        remoteAddress: "192.0.2.7",
      });
    for (let visitor = 0; visitor < 30; visitor++) expect((await attempt()).statusCode).toBe(200);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
  });
});

describe("staff sessions follow the venue file", () => {
  it("a staff member removed by a re-import is signed out at the next call", async () => {
    await importFixture(ctx.db, sampleVenue({ storeId: 50, idOffset: 50_000 }));
    const body = (await pinLogin(50, "1357")).json<SessionResponse>();
    const before = await server.app.inject({
      method: "GET",
      url: "/api/authenticate/v2/tokens/validate/refresh",
      headers: authHeaders(session(body)),
    });
    expect(before.statusCode).toBe(200);
    const venue = sampleVenue({ storeId: 50, idOffset: 50_000 });
    await importFixture(ctx.db, { ...venue, staff: (venue.staff ?? []).filter((member) => member.pin !== "1357") });
    const after = await server.app.inject({
      method: "GET",
      url: "/api/authenticate/v2/tokens/validate/refresh",
      headers: { authToken: before.json().authToken, jwt: before.json().jwt },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("INVALID_AUTH_TOKEN");
  });
});
