/**
 * Card tokens: a card token is bound to the account that first paid with it or
 * saved it, any other account is refused as if it did not exist (422 CARD_NOT_FOUND), and a
 * deleted card's token is refused for everyone, its owner included; only a hash of it is kept.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { postOrder, sandboxCardToken, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let owner: SignedInGuest;
let stranger: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  owner = await signInGuest(server.app, ctx.db, greekMobile(31));
  stranger = await signInGuest(server.app, ctx.db, greekMobile(32));
});

/** Freddo x2 (no sugar) by card: 7.00. */
const cardOrder = (cardToken: string, saveCard = false) =>
  testOrderRequest({
    expectedTotalCents: 700,
    payment: { type: "CARD", cardToken, saveCard },
  });

async function paymentsCount(): Promise<number> {
  return (await ctx.db.selectFrom("payments").select("id").execute()).length;
}

async function expectRefused(guest: SignedInGuest, cardToken: string, saveCard: boolean): Promise<void> {
  const before = await paymentsCount();
  const response = await postOrder(server.app, guest, cardOrder(cardToken, saveCard));
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toMatchObject({ code: "CARD_NOT_FOUND" });
  expect(await paymentsCount()).toBe(before);
}

async function savedTokensOf(guest: SignedInGuest): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom("saved_cards")
    .select("provider_token")
    .where("user_id", "=", guest.userId)
    .execute();
  return rows.map((row) => row.provider_token);
}

describe("card tokens are bound to one account", () => {
  it("a token paid with (not saved) by one account: another account can neither pay with it nor save it", async () => {
    const token = await sandboxCardToken(server.app);
    expect((await postOrder(server.app, owner, cardOrder(token))).statusCode).toBe(201);
    await expectRefused(stranger, token, false);
    await expectRefused(stranger, token, true);
    expect(await savedTokensOf(stranger)).toEqual([]);
    // Still the owner's: paying again works.
    expect((await postOrder(server.app, owner, cardOrder(token))).statusCode).toBe(201);
  });

  it("a token saved by one account is refused for another", async () => {
    const token = await sandboxCardToken(server.app);
    expect((await postOrder(server.app, owner, cardOrder(token, true))).statusCode).toBe(201);
    expect(await savedTokensOf(owner)).toContain(token);
    await expectRefused(stranger, token, true);
  });

  it("a deleted card's token is refused for everyone, its owner included, and cannot be saved again", async () => {
    const token = await sandboxCardToken(server.app);
    expect((await postOrder(server.app, owner, cardOrder(token, true))).statusCode).toBe(201);
    const deleted = await server.app.inject({
      method: "DELETE",
      url: "/api/creditCard/delete",
      headers: { ...authHeaders(owner), cardToken: token },
    });
    expect(deleted.statusCode).toBe(204);
    await expectRefused(owner, token, false);
    await expectRefused(owner, token, true);
    await expectRefused(stranger, token, false);
    await expectRefused(stranger, token, true);
    expect(await savedTokensOf(owner)).not.toContain(token);
  });

  it("a deleted account's tokens are refused for everyone", async () => {
    const leaving = await signInGuest(server.app, ctx.db, greekMobile(33));
    const token = await sandboxCardToken(server.app);
    expect((await postOrder(server.app, leaving, cardOrder(token, true))).statusCode).toBe(201);
    const deleted = await server.app.inject({ method: "POST", url: "/api/user/delete", headers: authHeaders(leaving) });
    expect(deleted.statusCode).toBe(200);
    await expectRefused(stranger, token, true);
  });

  it("the bindings and tombstones keep only a hash of each token, never the token", async () => {
    const rows = await ctx.db.selectFrom("card_tokens").selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const tokens = (await ctx.db.selectFrom("sandbox_cards").select("token").execute()).map((row) => row.token);
    for (const row of rows) expect(tokens).not.toContain(row.token_hash);
    expect(JSON.stringify(rows)).not.toMatch(/sbx_card_/);
  });
});
