/**
 * The admin service under /admin-api (spec §7 staff/admin-accounts?restaurantIds=,
 * "staff admin accounts use a separate admin service"): only admins of the stores asked for;
 * listing staff, issuing a login token that works once, revoking outstanding tokens.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse, StaffLoginTokenResponse } from "../../../domain/auth-api";
import type { AdminAccountsResponse, StoreStaffResponse } from "../../../domain/staff-sign-in-api";
import { insertSignInAlert } from "../../db/repositories/staff-devices.repository";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../../paths";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../../venue/demo-venues";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

const BEACH_HOTEL = 7;
const CITY_CAFE = 132;
/** A store of its own whose admin has the beach hotel admin's e-mail: one person, two stores. */
const SISTER_STORE = 60;

type Tokens = { authToken: string; jwt: string };
let beachAdmin: Tokens;
let cafeAdmin: Tokens;
let beachWaiter: Tokens;

async function pin(storeId: number, code: string): Promise<Tokens> {
  const response = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${code}&storeId=${storeId}`,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<SessionResponse>();
  return { authToken: body.authToken.token, jwt: body.jwt };
}

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  const sister = sampleVenue({ storeId: SISTER_STORE, idOffset: 60_000 });
  await importFixture(ctx.db, {
    ...sister,
    staff: [{ id: 60_901, name: "Μαρία Κ.", role: "ADMIN", pin: "606060", email: "ADMIN@ammoudia.example" }],
  });
  beachAdmin = await pin(BEACH_HOTEL, "707070");
  cafeAdmin = await pin(CITY_CAFE, "132013");
  beachWaiter = await pin(BEACH_HOTEL, "2580");
});

function adminAccounts(restaurantIds: string, tokens: Tokens | null) {
  return server.app.inject({
    method: "GET",
    url: `/admin-api/staff/admin-accounts?restaurantIds=${restaurantIds}`,
    headers: tokens === null ? {} : authHeaders(tokens),
  });
}

describe("GET /admin-api/staff/admin-accounts (spec §7)", () => {
  it("an admin of the store sees its admin accounts, with their e-mail", async () => {
    const response = await adminAccounts(`${BEACH_HOTEL}`, beachAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json<AdminAccountsResponse>()).toEqual({
      adminAccounts: [
        {
          staffId: 7903,
          storeId: BEACH_HOTEL,
          name: "Μαρία Κωνσταντίνου",
          email: "admin@ammoudia.example",
          hasPassword: false,
        },
      ],
      alerts: [],
    });
  });

  it("an admin with the same e-mail in two venue files administers both", async () => {
    const response = await adminAccounts(`${BEACH_HOTEL},${SISTER_STORE}`, beachAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminAccountsResponse>().adminAccounts.map((account) => account.storeId)).toEqual([
      BEACH_HOTEL,
      SISTER_STORE,
    ]);
  });

  it("anyone else is refused: another store's admin, a waiter, a guest (403); no session (401)", async () => {
    expect((await adminAccounts(`${BEACH_HOTEL}`, cafeAdmin)).statusCode).toBe(403);
    expect((await adminAccounts(`${CITY_CAFE},${BEACH_HOTEL}`, cafeAdmin)).statusCode).toBe(403);
    expect((await adminAccounts(`${BEACH_HOTEL}`, beachWaiter)).json().code).toBe("FORBIDDEN");
    const guest = await signInGuest(server.app, ctx.db, greekMobile(1));
    expect((await adminAccounts(`${BEACH_HOTEL}`, guest)).statusCode).toBe(403);
    expect((await adminAccounts(`${BEACH_HOTEL}`, null)).statusCode).toBe(401);
  });

  it("with the stores' PIN-guessing alerts, newest first, only of the stores asked for", async () => {
    const alert = (storeId: number, failures: number, at: string) =>
      insertSignInAlert(ctx.db, { store_id: storeId, kind: "pin-guessing", failures, created_at: at });
    await alert(BEACH_HOTEL, 30, "2026-07-01T06:00:00.000Z");
    await alert(BEACH_HOTEL, 31, "2026-07-01T13:00:00.000Z");
    await alert(CITY_CAFE, 30, "2026-07-01T07:00:00.000Z");
    const body = (await adminAccounts(`${BEACH_HOTEL}`, beachAdmin)).json<AdminAccountsResponse>();
    expect(body.alerts).toEqual([
      { storeId: BEACH_HOTEL, kind: "pin-guessing", failures: 31, createdAt: "2026-07-01T13:00:00.000Z" },
      { storeId: BEACH_HOTEL, kind: "pin-guessing", failures: 30, createdAt: "2026-07-01T06:00:00.000Z" },
    ]);
  });

  it("restaurantIds must be ids separated by commas: 400 otherwise", async () => {
    for (const bad of ["", "7;132", "abc", "7,,132", "0"]) {
      expect((await adminAccounts(bad, beachAdmin)).statusCode).toBe(400);
    }
  });
});

describe("an admin manages the waiters' login tokens", () => {
  function members(storeId: number, tokens: Tokens) {
    return server.app.inject({
      method: "GET",
      url: `/admin-api/staff/members?storeId=${storeId}`,
      headers: authHeaders(tokens),
    });
  }
  function issue(storeId: number, staffId: number, tokens: Tokens) {
    return server.app.inject({
      method: "POST",
      url: "/admin-api/staff/login-tokens",
      headers: authHeaders(tokens),
      payload: { storeId, staffId },
    });
  }
  function revoke(storeId: number, staffId: number, tokens: Tokens) {
    return server.app.inject({
      method: "DELETE",
      url: `/admin-api/staff/login-tokens?storeId=${storeId}&staffId=${staffId}`,
      headers: authHeaders(tokens),
    });
  }
  function signInWith(token: StaffLoginTokenResponse) {
    return server.app.inject({
      method: "POST",
      url: `/api/authenticate/login/waiter-from-token?userId=${token.userId}&storeId=${token.storeId}`,
      headers: { "login-token": token.loginToken },
    });
  }

  it("lists the store's staff; a token it issues signs the waiter in once; the list counts it until used", async () => {
    clock.advance(MINUTE);
    const before = (await members(BEACH_HOTEL, beachAdmin)).json<StoreStaffResponse>();
    expect(before.staff.map((member) => [member.staffId, member.role, member.outstandingTokens])).toEqual([
      [7901, "WAITER", 0],
      [7902, "WAITER", 0],
      [7903, "ADMIN", 0],
    ]);
    const issued = await issue(BEACH_HOTEL, 7901, beachAdmin);
    expect(issued.statusCode).toBe(201);
    const token = issued.json<StaffLoginTokenResponse>();
    const counted = (await members(BEACH_HOTEL, beachAdmin)).json<StoreStaffResponse>();
    expect(counted.staff.find((member) => member.staffId === 7901)?.outstandingTokens).toBe(1);

    const first = await signInWith(token);
    expect(first.statusCode).toBe(200);
    expect(first.json<SessionResponse>().authToken.user).toMatchObject({ role: "WAITER", storeId: BEACH_HOTEL });
    expect((await signInWith(token)).statusCode).toBe(401);
    const after = (await members(BEACH_HOTEL, beachAdmin)).json<StoreStaffResponse>();
    expect(after.staff.find((member) => member.staffId === 7901)?.outstandingTokens).toBe(0);
  });

  it("revoking ends every outstanding token of the waiter (and says how many); again is 0", async () => {
    const tokens = [
      (await issue(BEACH_HOTEL, 7902, beachAdmin)).json<StaffLoginTokenResponse>(),
      (await issue(BEACH_HOTEL, 7902, beachAdmin)).json<StaffLoginTokenResponse>(),
    ];
    const revoked = await revoke(BEACH_HOTEL, 7902, beachAdmin);
    expect(revoked.json()).toEqual({ revoked: 2 });
    expect((await revoke(BEACH_HOTEL, 7902, beachAdmin)).json()).toEqual({ revoked: 0 });
    for (const token of tokens) expect((await signInWith(token)).statusCode).toBe(401);
  });

  it("only for stores the admin administers (403), and only their own staff (404)", async () => {
    expect((await members(BEACH_HOTEL, cafeAdmin)).statusCode).toBe(403);
    expect((await issue(BEACH_HOTEL, 7901, cafeAdmin)).statusCode).toBe(403);
    expect((await issue(BEACH_HOTEL, 7901, beachWaiter)).statusCode).toBe(403);
    expect((await revoke(BEACH_HOTEL, 7901, cafeAdmin)).statusCode).toBe(403);
    expect((await issue(BEACH_HOTEL, 13901, beachAdmin)).statusCode).toBe(404);
    expect((await revoke(BEACH_HOTEL, 13901, beachAdmin)).statusCode).toBe(404);
    // The sister store's staff, through the shared e-mail.
    expect((await issue(SISTER_STORE, 60_901, beachAdmin)).statusCode).toBe(201);
  });
});

describe("an admin signs a staff member out on every device (spec §6: a separate, explicit admin action)", () => {
  function signOutEverywhere(storeId: number, staffId: number, tokens: Tokens, key: string | null) {
    return server.app.inject({
      method: "POST",
      url: "/admin-api/staff/sign-out-everywhere",
      headers: { ...authHeaders(tokens), ...(key === null ? {} : { "idempotency-key": key }) },
      payload: { storeId, staffId },
    });
  }
  const openings = (tokens: Tokens) =>
    server.app.inject({ method: "GET", url: "/api/staff/openings", headers: authHeaders(tokens) });

  it("spec §6 D4: every PDA session of the waiter ends at once; a retry with the same key answers the same", async () => {
    clock.advance(MINUTE);
    const pdas = [await pin(BEACH_HOTEL, "3691"), await pin(BEACH_HOTEL, "3691")];
    for (const pda of pdas) expect((await openings(pda)).statusCode).toBe(200);
    const key = "8b4f6a3e-2c1d-4e5f-9a0b-1c2d3e4f5a6b";

    const first = await signOutEverywhere(BEACH_HOTEL, 7902, beachAdmin, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ signedOut: 2 });
    for (const pda of pdas) expect((await openings(pda)).json().code).toBe("INVALID_AUTH_TOKEN");

    const retry = await signOutEverywhere(BEACH_HOTEL, 7902, beachAdmin, key);
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    // The waiter signs in again afterwards as usual; the admin's own session is untouched.
    expect((await openings(await pin(BEACH_HOTEL, "3691"))).statusCode).toBe(200);
    expect((await openings(beachAdmin)).statusCode).toBe(200);
  });

  it("needs an Idempotency-Key (400 IDEMPOTENCY_KEY_REQUIRED); only the store's admins (403) and staff (404); nothing ends", async () => {
    const pda = await pin(BEACH_HOTEL, "2580");
    const missing = await signOutEverywhere(BEACH_HOTEL, 7901, beachAdmin, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await signOutEverywhere(BEACH_HOTEL, 7901, cafeAdmin, crypto.randomUUID())).statusCode).toBe(403);
    expect((await signOutEverywhere(BEACH_HOTEL, 7901, beachWaiter, crypto.randomUUID())).statusCode).toBe(403);
    expect((await signOutEverywhere(BEACH_HOTEL, 13901, beachAdmin, crypto.randomUUID())).statusCode).toBe(404);
    expect((await openings(pda)).statusCode).toBe(200);
  });
});
