/**
 * An admin signs in by the venue file's e-mail and a password set through the
 * e-mail reset (spec §7 email/send/reset, user/reset-password; §8 EMPTY_EMAIL, INVALID_EMAIL,
 * INVALID_PASSWORD, INVALID_CREDENTIALS), throttled.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../../paths";
import { authHeaders, latestCodeTo } from "../../test-support/accounts";
import { DAY, MINUTE, testClock } from "../../test-support/clock";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../../venue/demo-venues";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

/** The demo beach hotel's admin (venues/demo/beach-hotel.json, staff 7903). */
const ADMIN_EMAIL = "admin@ammoudia.example";

beforeAll(async () => {
  await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
});

function login(payload: Record<string, unknown>, remoteAddress?: string) {
  return server.app.inject({
    method: "POST",
    url: "/api/authenticate/login",
    payload,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

async function setPassword(email: string, password: string): Promise<void> {
  expect(
    (await server.app.inject({ method: "POST", url: "/api/email/send/reset", payload: { email } })).statusCode,
  ).toBe(200);
  // The e-mail goes out after the answer.
  const verificationCode = await vi.waitFor(() => latestCodeTo(ctx.db, email));
  const reset = await server.app.inject({
    method: "POST",
    url: "/api/user/reset-password",
    payload: { email, password, verificationCode },
  });
  expect(reset.statusCode).toBe(200);
}

describe("admin sign-in by e-mail and password", () => {
  it("before a password is set, the admin's e-mail answers INVALID_CREDENTIALS like an unknown one", async () => {
    const admin = await login({ email: ADMIN_EMAIL, password: "whatever-1" });
    const unknown = await login({ email: "nobody@ammoudia.example", password: "whatever-1" });
    expect(admin.statusCode).toBe(401);
    expect(admin.json()).toEqual({ code: "INVALID_CREDENTIALS", message: "Invalid email or password" });
    expect(unknown.json()).toEqual(admin.json());
  });

  it("the reset code (6 digits, by e-mail) reaches a staff admin and sets the password; it signs in as ADMIN", async () => {
    clock.advance(MINUTE);
    await setPassword(ADMIN_EMAIL, "ammoudia-2026");
    const response = await login({ email: "Admin@Ammoudia.example ", password: "ammoudia-2026" });
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionResponse>().authToken.user).toMatchObject({
      role: "ADMIN",
      storeId: 7,
      name: "Μαρία Κωνσταντίνου",
    });
    // The admin service says the password is set.
    const body = response.json<SessionResponse>();
    const accounts = await server.app.inject({
      method: "GET",
      url: "/admin-api/staff/admin-accounts?restaurantIds=7",
      headers: authHeaders({ authToken: body.authToken.token, jwt: body.jwt }),
    });
    expect(accounts.json().adminAccounts).toEqual([expect.objectContaining({ staffId: 7903, hasPassword: true })]);
    // The same account as the admin's PIN.
    const byPin = await server.app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=707070&storeId=7" });
    expect(byPin.json<SessionResponse>().authToken.user.id).toBe(response.json<SessionResponse>().authToken.user.id);
  });

  it("a wrong password: 401 INVALID_CREDENTIALS", async () => {
    const wrong = await login({ email: ADMIN_EMAIL, password: "ammoudia-2025" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("INVALID_CREDENTIALS");
  });

  it.each([
    ["no e-mail", { password: "secret-1" }, "EMPTY_EMAIL"],
    ["a blank e-mail", { email: "  ", password: "secret-1" }, "EMPTY_EMAIL"],
    ["an invalid e-mail", { email: "admin@", password: "secret-1" }, "INVALID_EMAIL"],
    ["a 5-character password", { email: ADMIN_EMAIL, password: "12345" }, "INVALID_PASSWORD"],
    ["no password", { email: ADMIN_EMAIL }, "INVALID_PASSWORD"],
  ])("%s: 400 %s", async (_, payload, code) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it("10 wrong passwords for an address in 15 minutes: 429 RATE_LIMITED even for the right one, from any client", async () => {
    clock.advance(DAY);
    for (let guess = 0; guess < 10; guess++) {
      expect((await login({ email: ADMIN_EMAIL, password: `guess-${guess}` }, `10.1.0.${guess}`)).statusCode).toBe(401);
    }
    const locked = await login({ email: ADMIN_EMAIL, password: "ammoudia-2026" }, "10.1.1.1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("RATE_LIMITED");
    clock.advance(15 * MINUTE);
    expect((await login({ email: ADMIN_EMAIL, password: "ammoudia-2026" })).statusCode).toBe(200);
  });

  it("30 failures from one client address in 15 minutes, over many e-mails: 429", async () => {
    clock.advance(DAY);
    for (let guess = 0; guess < 30; guess++) {
      const response = await login({ email: `someone-${guess}@example.gr`, password: "secret-1" }, "10.2.0.1");
      expect(response.statusCode).toBe(401);
    }
    expect((await login({ email: "someone-else@example.gr", password: "secret-1" }, "10.2.0.1")).statusCode).toBe(429);
  });
});
