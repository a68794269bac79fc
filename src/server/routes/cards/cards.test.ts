import { beforeAll, describe, expect, it } from "vitest";
import type { SavedCardsResponse } from "../../../domain/auth-api";
import { insertSavedCard } from "../../db/repositories/saved-cards.repository";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let guest: SignedInGuest;

beforeAll(async () => {
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
  for (const [provider_token, brand, last_four] of [
    ["card_visa_1", "visa", "4242"],
    ["card_mc_2", "mastercard", "4444"],
  ] as const) {
    await insertSavedCard(ctx.db, {
      user_id: guest.userId,
      provider_token,
      brand,
      last_four,
      created_at: clock.now().toISOString(),
    });
  }
});

describe("saved cards (spec §3 payment: cardToken and last four digits; §7 creditCard/*; design: no card data)", () => {
  it("GET creditCard/user lists the guest's cards: provider token, brand, last four, nothing else", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/api/creditCard/user",
      headers: authHeaders(guest),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json<SavedCardsResponse>()).toEqual({
      cards: [
        { cardToken: "card_visa_1", brand: "visa", lastFourDigits: "4242" },
        { cardToken: "card_mc_2", brand: "mastercard", lastFourDigits: "4444" },
      ],
    });
  });

  it("DELETE creditCard/delete with the card token in a header: 204 (status only), the card is gone (spec §4 deleting removes by cardToken)", async () => {
    const response = await server.app.inject({
      method: "DELETE",
      url: "/api/creditCard/delete",
      headers: { ...authHeaders(guest), cardToken: "card_visa_1" },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    const left = await server.app.inject({ method: "GET", url: "/api/creditCard/user", headers: authHeaders(guest) });
    expect(left.json<SavedCardsResponse>().cards.map((card) => card.cardToken)).toEqual(["card_mc_2"]);
  });

  it("a missing or unknown card token: 404 NOT_FOUND", async () => {
    for (const headers of [authHeaders(guest), { ...authHeaders(guest), cardToken: "card_never_saved" }]) {
      const response = await server.app.inject({ method: "DELETE", url: "/api/creditCard/delete", headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("NOT_FOUND");
    }
  });

  it("without a session: 401 INVALID_AUTH_TOKEN", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/creditCard/user" });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("INVALID_AUTH_TOKEN");
  });
});
