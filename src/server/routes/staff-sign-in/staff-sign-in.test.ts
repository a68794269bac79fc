import { beforeAll, describe, expect, it, vi } from "vitest";
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

/** Tests that check dozens of PINs (scrypt each) on a busy machine. */
const MANY_PINS_TIMEOUT_MS = 120_000;

function enrol(storeId: number, remoteAddress = "198.51.100.1") {
  return server.app.inject({ method: "POST", url: `/api/staff/devices?storeId=${storeId}`, remoteAddress });
}

/** A newly enrolled device of the store, from an address of its own (enrolments are limited per address). */
let enrolled = 0;
async function newDevice(storeId: number): Promise<string> {
  enrolled += 1;
  const response = await enrol(storeId, `203.0.${Math.floor(enrolled / 250)}.${enrolled % 250}`);
  expect(response.statusCode).toBe(201);
  return response.json<{ deviceToken: string }>().deviceToken;
}

function pinFrom(device: string | undefined, storeId: number, pin: string, remoteAddress?: string) {
  return server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`,
    headers: device === undefined ? {} : { "staff-device": device },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

describe("PIN guesses count per device and, escalating, per store", () => {
  it(
    "20 wrong PINs from one device never stop a second device's right PIN",
    async () => {
      clock.advance(DAY);
      const guessing = await newDevice(CITY_CAFE);
      const terminal = await newDevice(CITY_CAFE);
      for (let round = 0; round < 4; round++) {
        for (let guess = 0; guess < 5; guess++) {
          expect((await pinFrom(guessing, CITY_CAFE, `90${round}${guess}`)).statusCode).toBe(401);
        }
        // The guessing device is refused even its right PIN (which would tell it the guess was right) ...
        const locked = await pinFrom(guessing, CITY_CAFE, "1324");
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toEqual({ code: "RATE_LIMITED", message: "Too many failed sign-ins; try again later" });
        expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
        // ... the other device is not.
        expect((await pinFrom(terminal, CITY_CAFE, "5768")).statusCode).toBe(200);
        clock.advance(15 * MINUTE);
      }
      // 20 in a day is the device's ceiling: it waits for tomorrow; a device never signed in on still passes.
      expect((await pinFrom(guessing, CITY_CAFE, "1324")).statusCode).toBe(429);
      expect((await pinFrom(await newDevice(CITY_CAFE), CITY_CAFE, "1324")).statusCode).toBe(200);
      expect((await pinFrom(terminal, CITY_CAFE, "1324")).statusCode).toBe(200);
    },
    MANY_PINS_TIMEOUT_MS,
  );

  it("requests naming no device (or an unknown or other store's one) count together: 5 per 15 minutes, never an enrolled device's", async () => {
    clock.advance(DAY);
    const otherStoresDevice = await newDevice(BEACH_HOTEL);
    for (let guess = 0; guess < 5; guess++) {
      const device = [undefined, "x".repeat(43), otherStoresDevice][guess % 3];
      expect((await pinFrom(device, CITY_CAFE, `800${guess}`, `10.0.0.${guess + 1}`)).statusCode).toBe(401);
    }
    expect((await pinFrom(undefined, CITY_CAFE, "1324", "10.9.9.9")).statusCode).toBe(429);
    expect((await pinFrom(otherStoresDevice, CITY_CAFE, "1324")).statusCode).toBe(429);
    expect((await pinFrom(await newDevice(CITY_CAFE), CITY_CAFE, "1324")).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await pinFrom(undefined, CITY_CAFE, "1324")).statusCode).toBe(200);
  });

  it(
    "past 30 wrong PINs a day the store makes new devices wait a doubling gap; trusted terminals go on; admins are alerted",
    async () => {
      clock.advance(DAY);
      const terminal = await newDevice(BEACH_HOTEL);
      expect((await pinFrom(terminal, BEACH_HOTEL, "2580")).statusCode).toBe(200);
      for (let device = 0; device < 6; device++) {
        const guessing = await newDevice(BEACH_HOTEL);
        for (let guess = 0; guess < 5; guess++) {
          expect((await pinFrom(guessing, BEACH_HOTEL, `1${device}${guess}9`)).statusCode).toBe(401);
        }
      }
      const fresh = await newDevice(BEACH_HOTEL);
      const held = await pinFrom(fresh, BEACH_HOTEL, "1119");
      expect(held.statusCode).toBe(429);
      expect(held.headers["retry-after"]).toBe("30");
      // A right PIN gets the same answer on a device nobody has signed in on ...
      expect((await pinFrom(fresh, BEACH_HOTEL, "3691")).statusCode).toBe(429);
      // ... while the venue's terminal signs in as usual.
      expect((await pinFrom(terminal, BEACH_HOTEL, "3691")).statusCode).toBe(200);
      clock.advance(30 * SECOND);
      expect((await pinFrom(fresh, BEACH_HOTEL, "1119")).statusCode).toBe(401);
      expect((await pinFrom(fresh, BEACH_HOTEL, "1129")).headers["retry-after"]).toBe("60");
      clock.advance(MINUTE);
      expect((await pinFrom(fresh, BEACH_HOTEL, "3691")).statusCode).toBe(200);

      const alerts = await ctx.db
        .selectFrom("staff_sign_in_alerts")
        .selectAll()
        .where("store_id", "=", BEACH_HOTEL)
        .execute();
      expect(alerts).toEqual([expect.objectContaining({ kind: "pin-guessing", failures: 30 })]);
      // The e-mail goes out after the answer (through the outbox here).
      await vi.waitFor(async () => {
        const mail = await ctx.db
          .selectFrom("outbox")
          .select("subject")
          .where("recipient", "=", "admin@ammoudia.example")
          .execute();
        expect(mail).toContainEqual({ subject: "Λάθος PIN στο κατάστημα / Wrong PINs at your store" });
      });
    },
    MANY_PINS_TIMEOUT_MS,
  );

  it("right PINs do not count: a busy shift of sign-ins never slows the store", async () => {
    clock.advance(DAY);
    for (let login = 0; login < 8; login++) expect((await pinLogin(CITY_CAFE, "5768")).statusCode).toBe(200);
  });

  it("concurrent wrong guesses from one device cannot slip past its limit", async () => {
    clock.advance(DAY);
    const device = await newDevice(CITY_CAFE);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, guess) => pinFrom(device, CITY_CAFE, String(700000 + guess))),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it("enrolments are limited: 20 an hour per client address, 50 a day per store; an unknown store is 404", async () => {
    clock.advance(DAY);
    expect((await enrol(4040)).json().code).toBe("STORE_NOT_FOUND");
    for (let device = 0; device < 20; device++) expect((await enrol(CITY_CAFE, "192.0.2.50")).statusCode).toBe(201);
    const refused = await enrol(CITY_CAFE, "192.0.2.50");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    for (let device = 20; device < 50; device++) {
      expect((await enrol(CITY_CAFE, `192.0.3.${device}`)).statusCode).toBe(201);
    }
    expect((await enrol(CITY_CAFE, "192.0.4.1")).statusCode).toBe(429);
  });
});

describe("device enrolment with a staff session: a login link's or an admin's, outside the anonymous limits", () => {
  function enrolSignedIn(storeId: number, signedIn: { authToken: string; jwt: string }, remoteAddress = "192.0.5.1") {
    return server.app.inject({
      method: "POST",
      url: `/api/staff/devices?storeId=${storeId}`,
      headers: authHeaders(signedIn),
      remoteAddress,
    });
  }

  it(
    "when anyone has used up the store's 50 anonymous enrolments, a login link's session still enrols a trusted device that signs in by PIN; its enrolments do not count against the cap",
    async () => {
      clock.advance(DAY);
      const admin = session((await pinLogin(CITY_CAFE, "132013")).json<SessionResponse>());
      // Made with the admin's session: not counted, so all 50 anonymous ones below still go through.
      for (let device = 0; device < 3; device++) expect((await enrolSignedIn(CITY_CAFE, admin)).statusCode).toBe(201);
      for (let device = 0; device < 50; device++) {
        expect((await enrol(CITY_CAFE, `192.0.6.${device}`)).statusCode).toBe(201);
      }
      expect((await enrol(CITY_CAFE, "192.0.7.1")).statusCode).toBe(429);

      // A new PDA: the admin's login link signs the waiter in (no device), then that session enrols it.
      const issued = await server.app.inject({
        method: "POST",
        url: "/api/staff/login-tokens",
        headers: authHeaders(admin),
        payload: { staffId: 13901 },
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const token = issued.json<StaffLoginTokenResponse>();
      const signedIn = await server.app.inject({
        method: "POST",
        url: `/api/authenticate/login/waiter-from-token?userId=${token.userId}&storeId=${CITY_CAFE}`,
        headers: { "login-token": token.loginToken },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const enrolled = await enrolSignedIn(CITY_CAFE, session(signedIn.json<SessionResponse>()), "192.0.7.1");
      expect(enrolled.statusCode, enrolled.body).toBe(201);
      expect(enrolled.headers["cache-control"]).toBe("no-store");
      const { deviceToken } = enrolled.json<{ deviceToken: string; storeId: number }>();
      const row = await ctx.db
        .selectFrom("staff_devices")
        .select("trusted_at")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(row.trusted_at).toBe(clock.now().toISOString());
      expect((await pinFrom(deviceToken, CITY_CAFE, "1324", "192.0.7.1")).statusCode).toBe(200);
      // The anonymous cap still holds for everyone else.
      expect((await enrol(CITY_CAFE, "192.0.7.2")).statusCode).toBe(429);
    },
    MANY_PINS_TIMEOUT_MS,
  );

  it("only a staff session of that store: a guest's or another store's is 403, a made-up one 401; 20 an hour per account", async () => {
    clock.advance(DAY);
    const guest = await signInGuest(server.app, ctx.db, greekMobile(2));
    const forbiddenToGuest = await enrolSignedIn(CITY_CAFE, guest);
    expect(forbiddenToGuest.statusCode).toBe(403);
    expect(forbiddenToGuest.json().code).toBe("FORBIDDEN");
    const hotelWaiter = session((await pinLogin(BEACH_HOTEL, "2580")).json<SessionResponse>());
    expect((await enrolSignedIn(CITY_CAFE, hotelWaiter)).statusCode).toBe(403);
    const madeUp = await enrolSignedIn(CITY_CAFE, { authToken: "x".repeat(43), jwt: "not.a.jwt" });
    expect(madeUp.statusCode).toBe(401);
    const admin = session((await pinLogin(CITY_CAFE, "132013")).json<SessionResponse>());
    for (let device = 0; device < 20; device++) expect((await enrolSignedIn(CITY_CAFE, admin)).statusCode).toBe(201);
    const tooMany = await enrolSignedIn(CITY_CAFE, admin);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().code).toBe("RATE_LIMITED");
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
