/**
 * Spec §6: a logged-in user manages their own account. Every user-scoped call acts on the account
 * its tokens name; another user's id, tokens or card are refused on every one of them.
 */
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { signSessionJwt } from "../../auth/jwt";
import { KeyRing } from "../../auth/secrets";
import { insertSavedCard, listSavedCardsOfUser } from "../../db/repositories/saved-cards.repository";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

interface Call {
  name: string;
  method: "GET" | "POST" | "DELETE";
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Every call that acts on the signed-in user's own account. */
const USER_SCOPED: Call[] = [
  { name: "GET creditCard/user", method: "GET", url: "/api/creditCard/user" },
  {
    name: "DELETE creditCard/delete",
    method: "DELETE",
    url: "/api/creditCard/delete",
    headers: { cardToken: "card_b" },
  },
  { name: "POST newsletter/opt-out", method: "POST", url: "/api/newsletter/opt-out" },
  { name: "GET user/membership", method: "GET", url: "/api/user/membership?restaurantId=1" },
  { name: "POST user/v2/update", method: "POST", url: "/api/user/v2/update", payload: { name: "Hijacked" } },
  {
    name: "POST sms/send/change-phone",
    method: "POST",
    url: "/api/sms/send/change-phone",
    payload: { phoneNumber: 6940000777, countryCode: 30 },
  },
  {
    name: "POST user/change-phone",
    method: "POST",
    url: "/api/user/change-phone",
    payload: { phoneNumber: 6940000777, countryCode: 30, verificationCode: "123456" },
  },
  { name: "POST sms/send", method: "POST", url: "/api/sms/send" },
  { name: "POST user/delete", method: "POST", url: "/api/user/delete" },
  { name: "POST authenticate/logout", method: "POST", url: "/api/authenticate/logout" },
  { name: "GET authenticate/tokens/validate/refresh", method: "GET", url: "/api/authenticate/tokens/validate/refresh" },
  {
    name: "GET authenticate/v2/tokens/validate/refresh",
    method: "GET",
    url: "/api/authenticate/v2/tokens/validate/refresh",
  },
];

let alice: SignedInGuest;
let bob: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  alice = await signInGuest(server.app, ctx.db, greekMobile(1));
  bob = await signInGuest(server.app, ctx.db, greekMobile(2));
  await server.app.inject({
    method: "POST",
    url: "/api/user/v2/update",
    headers: authHeaders(bob),
    payload: { name: "Bob" },
  });
  // The update rotated Bob's authToken: sign him in again for a clean pair.
  clock.advance(60_000);
  bob = await signInGuest(server.app, ctx.db, greekMobile(2));
  await insertSavedCard(ctx.db, {
    user_id: bob.userId,
    provider_token: "card_b",
    brand: "mastercard",
    last_four: "4444",
    created_at: clock.now().toISOString(),
  });
});

function inject(call: Call, headers: Record<string, string>, extra: { query?: string; body?: object } = {}) {
  const separator = call.url.includes("?") ? "&" : "?";
  const options: InjectOptions = {
    method: call.method,
    url: extra.query === undefined ? call.url : `${call.url}${separator}${extra.query}`,
    headers: { ...call.headers, ...headers },
  };
  const payload =
    call.payload === undefined && extra.body === undefined ? undefined : { ...call.payload, ...extra.body };
  if (payload !== undefined) options.payload = payload;
  return server.app.inject(options);
}

async function bobIsUntouched(): Promise<void> {
  const row = await ctx.db.selectFrom("users").selectAll().where("id", "=", bob.userId).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ name: "Bob", phone: greekMobile(2).e164, deleted_at: null });
  expect((await listSavedCardsOfUser(ctx.db, bob.userId)).map((card) => card.provider_token)).toEqual(["card_b"]);
  const bobsOwnCall = await server.app.inject({
    method: "GET",
    url: "/api/creditCard/user",
    headers: authHeaders(bob),
  });
  expect(bobsOwnCall.statusCode).toBe(200);
}

describe("spec §6: another user's id is refused on every user-scoped call", () => {
  it.each(USER_SCOPED.map((call) => [call.name, call] as const))(
    "%s: a userId or id of another user in the query string is refused (400), nothing happens to them",
    async (_name, call) => {
      for (const query of [`userId=${bob.userId}`, `id=${bob.userId}`]) {
        const response = await inject(call, authHeaders(alice), { query });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe("VALIDATION_FAILED");
      }
      await bobIsUntouched();
    },
  );

  it.each(USER_SCOPED.filter((call) => call.payload !== undefined).map((call) => [call.name, call] as const))(
    "%s: a userId or id of another user in the body is refused (400)",
    async (_name, call) => {
      for (const body of [{ userId: bob.userId }, { id: bob.userId }]) {
        const response = await inject(call, authHeaders(alice), { body });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe("VALIDATION_FAILED");
      }
      await bobIsUntouched();
    },
  );

  it.each(USER_SCOPED.map((call) => [call.name, call] as const))(
    "%s: one user's authToken with another user's jwt is refused (401 INVALID_AUTH_TOKEN)",
    async (_name, call) => {
      for (const headers of [
        { authToken: alice.authToken, jwt: bob.jwt },
        { authToken: bob.authToken, jwt: alice.jwt },
      ]) {
        const response = await inject(call, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe("INVALID_AUTH_TOKEN");
      }
      await bobIsUntouched();
    },
  );

  it.each(USER_SCOPED.map((call) => [call.name, call] as const))(
    "%s: a jwt correctly signed but naming another user than its session's is refused (401)",
    async (_name, call) => {
      const keys = await new KeyRing(ctx.db, null).keys();
      const [, payload] = alice.jwt.split(".") as [string, string];
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sid: number; gen: number };
      const impostor = await signSessionJwt(
        keys.jwt,
        { userId: bob.userId, sessionId: claims.sid, generation: claims.gen },
        clock.now(),
      );
      const response = await inject(call, { authToken: alice.authToken, jwt: impostor });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("INVALID_AUTH_TOKEN");
      await bobIsUntouched();
    },
  );

  it("DELETE creditCard/delete with another user's card token: 404, the card stays", async () => {
    const response = await server.app.inject({
      method: "DELETE",
      url: "/api/creditCard/delete",
      headers: { ...authHeaders(alice), cardToken: "card_b" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("NOT_FOUND");
    await bobIsUntouched();
  });
});
