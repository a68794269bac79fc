import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { RefreshResponse } from "../../../domain/auth-api";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../../paths";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { DAY, MINUTE, SECOND, testClock } from "../../test-support/clock";
import { buildTestApp, setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importDemoVenuesIfEmpty } from "../../venue/demo-venues";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

/** An authenticated read with no side effect: the guest's saved cards. */
function authenticatedCall(headers: Record<string, string>) {
  return server.app.inject({ method: "GET", url: "/api/creditCard/user", headers });
}

function refresh(headers: Record<string, string>, version: "" | "v2/" = "v2/") {
  return server.app.inject({ method: "GET", url: `/api/authenticate/${version}tokens/validate/refresh`, headers });
}

function logout(headers: Record<string, string>) {
  return server.app.inject({ method: "POST", url: "/api/authenticate/logout", headers });
}

async function refreshed(session: { authToken: string; jwt: string }): Promise<{ authToken: string; jwt: string }> {
  const response = await refresh(authHeaders(session));
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<RefreshResponse>();
  return { authToken: body.authToken, jwt: body.jwt };
}

let phoneSerial = 0;
async function newGuest(): Promise<SignedInGuest> {
  phoneSerial += 1;
  return signInGuest(server.app, ctx.db, greekMobile(phoneSerial));
}

/** Spec §7: on a failed refresh the app clears the session "on message INVALID_AUTH_TOKEN". */
const INVALID = { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" };

describe("authenticated calls need both tokens, belonging together (spec §6, design.md API conventions)", () => {
  let guest: SignedInGuest;
  beforeAll(async () => {
    guest = await newGuest();
  });

  it("both headers: 200", async () => {
    expect((await authenticatedCall(authHeaders(guest))).statusCode).toBe(200);
  });

  it.each([
    ["no headers", () => ({})],
    ["only the authToken", () => ({ authToken: guest.authToken })],
    ["only the jwt", () => ({ jwt: guest.jwt })],
    ["an empty jwt", () => ({ authToken: guest.authToken, jwt: "" })],
    ["a made-up authToken", () => ({ authToken: "A".repeat(43), jwt: guest.jwt })],
    ["a jwt that is not one", () => ({ authToken: guest.authToken, jwt: "not.a.jwt" })],
  ])("%s: 401 INVALID_AUTH_TOKEN", async (_case, headers) => {
    const response = await authenticatedCall(headers());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });

  it("the authToken of one session with the jwt of another session of the same guest: 401", async () => {
    clock.advance(MINUTE);
    const secondDevice = await signInGuest(server.app, ctx.db, greekMobile(1));
    const mixed = await authenticatedCall({ authToken: guest.authToken, jwt: secondDevice.jwt });
    expect(mixed.statusCode).toBe(401);
    expect((await authenticatedCall(authHeaders(secondDevice))).statusCode).toBe(200);
  });

  it("the authToken of one guest with the jwt of another guest: 401", async () => {
    const other = await newGuest();
    expect((await authenticatedCall({ authToken: guest.authToken, jwt: other.jwt })).statusCode).toBe(401);
    expect((await authenticatedCall({ authToken: other.authToken, jwt: guest.jwt })).statusCode).toBe(401);
  });

  it("a jwt forged with another key, or unsigned (alg none), or with its payload edited: 401", async () => {
    const [header, payload] = guest.jwt.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("x".repeat(32)));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, gen: claims.gen + 1 })).toString("base64url")}.${guest.jwt.split(".")[2]}`;
    for (const jwt of [forged, unsigned, edited]) {
      expect((await authenticatedCall({ authToken: guest.authToken, jwt })).statusCode).toBe(401);
    }
  });

  it("the jwt lives 30 minutes: past that an ordinary call is refused, and a refresh with it still works", async () => {
    const fresh = await newGuest();
    clock.advance(30 * MINUTE);
    expect((await authenticatedCall(authHeaders(fresh))).statusCode).toBe(401);
    const next = await refreshed(fresh);
    expect((await authenticatedCall(authHeaders(next))).statusCode).toBe(200);
  });
});

describe("refresh (spec §7 authenticate/(v2/)tokens/validate/refresh): rotation with a 60 s grace window", () => {
  it("answers user, a new authToken and a new jwt, not to be cached; both paths of the spec", async () => {
    const guest = await newGuest();
    let session: { authToken: string; jwt: string } = guest;
    for (const version of ["", "v2/"] as const) {
      const response = await refresh(authHeaders(session), version);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const body = response.json<RefreshResponse>();
      expect(body.user).toMatchObject({ id: guest.userId, role: "GUEST", verified: true });
      expect(body.authToken).not.toBe(session.authToken);
      session = { authToken: body.authToken, jwt: body.jwt };
      expect((await authenticatedCall(authHeaders(session))).statusCode).toBe(200);
    }
  });

  it("after a refresh the previous authToken no longer authenticates calls; the new pair does", async () => {
    const guest = await newGuest();
    const next = await refreshed(guest);
    expect((await authenticatedCall(authHeaders(guest))).statusCode).toBe(401);
    expect((await authenticatedCall({ authToken: guest.authToken, jwt: next.jwt })).statusCode).toBe(401);
    expect((await authenticatedCall(authHeaders(next))).statusCode).toBe(200);
  });

  it("an answer lost on the way: within 60 s the previous authToken refreshes once more, and the guest stays signed in", async () => {
    const guest = await newGuest();
    const lost = await refreshed(guest);
    clock.advance(59 * SECOND);
    const retried = await refreshed(guest);
    expect((await authenticatedCall(authHeaders(retried))).statusCode).toBe(200);
    // The answer that did arrive elsewhere (another tab) still works too.
    expect((await authenticatedCall(authHeaders(lost))).statusCode).toBe(200);
  });

  it("the grace is once: a second refresh with the previous authToken is refused, the session lives on", async () => {
    const guest = await newGuest();
    const first = await refreshed(guest);
    const second = await refreshed(guest);
    const third = await refresh(authHeaders(guest));
    expect(third.statusCode).toBe(401);
    expect(third.json()).toEqual(INVALID);
    expect((await authenticatedCall(authHeaders(first))).statusCode).toBe(200);
    expect((await authenticatedCall(authHeaders(second))).statusCode).toBe(200);
  });

  it("after the 60 s the previous authToken is a copy: refused, and its whole session is revoked", async () => {
    const guest = await newGuest();
    const next = await refreshed(guest);
    clock.advance(60 * SECOND);
    const replay = await refresh(authHeaders(guest));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID);
    expect((await authenticatedCall(authHeaders(next))).statusCode).toBe(401);
    expect((await refresh(authHeaders(next))).statusCode).toBe(401);
  });

  it("two refreshes at once with the same authToken (two tabs at start): both get working tokens", async () => {
    const guest = await newGuest();
    const [a, b] = await Promise.all([refresh(authHeaders(guest)), refresh(authHeaders(guest))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const answer of [a, b]) {
      const body = answer.json<RefreshResponse>();
      expect((await authenticatedCall({ authToken: body.authToken, jwt: body.jwt })).statusCode).toBe(200);
    }
  });

  it("a session ends after 30 days without a refresh; each refresh moves that end on", async () => {
    const guest = await newGuest();
    clock.advance(29 * DAY);
    const kept = await refreshed(guest);
    clock.advance(29 * DAY);
    const keptAgain = await refreshed(kept);
    clock.advance(30 * DAY);
    expect((await refresh(authHeaders(keptAgain))).statusCode).toBe(401);
  });
});

describe("a guest's logout revokes every token of the account, on every device (design.md)", () => {
  it("after logout the old authToken, jwt and refresh are all refused, here and on the guest's other devices", async () => {
    clock.advance(MINUTE);
    const phone = greekMobile(900);
    const phoneSession = await signInGuest(server.app, ctx.db, phone);
    clock.advance(MINUTE);
    const tabletSession = await signInGuest(server.app, ctx.db, phone);
    const rotated = await refreshed(tabletSession);

    const response = await logout(authHeaders(phoneSession));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    for (const session of [phoneSession, tabletSession, rotated]) {
      expect((await authenticatedCall(authHeaders(session))).statusCode).toBe(401);
      expect((await refresh(authHeaders(session))).json()).toEqual(INVALID);
    }
    // The still-young jwt with a fresh authToken of another session is refused too (generation).
    clock.advance(MINUTE);
    const again = await signInGuest(server.app, ctx.db, phone);
    expect((await authenticatedCall({ authToken: again.authToken, jwt: rotated.jwt })).statusCode).toBe(401);
    expect((await authenticatedCall(authHeaders(again))).statusCode).toBe(200);
  });

  it("logout works with a jwt past its 30 minutes; a second logout with the same tokens is 401", async () => {
    const guest = await newGuest();
    clock.advance(45 * MINUTE);
    expect((await logout(authHeaders(guest))).statusCode).toBe(200);
    expect((await logout(authHeaders(guest))).statusCode).toBe(401);
  });
});

describe("spec §6: a staff member's Lock or sign-out ends this device's session only", () => {
  async function pinOnPda(): Promise<{ authToken: string; jwt: string }> {
    const response = await server.app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=2580&storeId=7" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ authToken: { token: string }; jwt: string }>();
    return { authToken: body.authToken.token, jwt: body.jwt };
  }
  const openings = (session: { authToken: string; jwt: string }) =>
    server.app.inject({ method: "GET", url: "/api/staff/openings", headers: authHeaders(session) });

  beforeAll(async () => {
    await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
  });

  it("spec §6 D4: after the first PDA's sign-out the same waiter's second PDA still reads GET /api/staff/openings; the first is refused", async () => {
    clock.advance(MINUTE);
    const firstPda = await pinOnPda();
    const secondPda = await pinOnPda();
    expect((await openings(secondPda)).statusCode).toBe(200);

    expect((await logout(authHeaders(firstPda))).json()).toEqual({ ok: true });

    expect((await openings(firstPda)).json()).toEqual(INVALID);
    expect((await refresh(authHeaders(firstPda))).json()).toEqual(INVALID);
    const stillThere = await openings(secondPda);
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.json()).toHaveProperty("openings");
    // Its refresh keeps working too, and so does the rotated session.
    const rotated = await refreshed(secondPda);
    expect((await openings(rotated)).statusCode).toBe(200);
  });
});

describe("the signing secret survives restarts (JWT_SECRET unset: generated once, kept in the database)", () => {
  it("tokens issued before a restart still work after it; a server with another JWT_SECRET refuses them", async () => {
    const guest = await newGuest();
    const headers = authHeaders(guest);
    const restarted = buildTestApp(ctx.db, { now: clock.now });
    const configured = buildTestApp(ctx.db, { now: clock.now, jwtSecret: "k".repeat(40) });
    try {
      const afterRestart = await restarted.inject({ method: "GET", url: "/api/creditCard/user", headers });
      expect(afterRestart.statusCode).toBe(200);
      const otherSecret = await configured.inject({ method: "GET", url: "/api/creditCard/user", headers });
      expect(otherSecret.statusCode).toBe(401);
    } finally {
      await restarted.close();
      await configured.close();
    }
  });
});
