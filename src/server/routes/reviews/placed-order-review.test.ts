/**
 * History and reviews on an order placed the real way (POST /api/orders), not a row written by hand:
 * what placement stores is what the history shows, and the review rules hold on it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderHistory, StoreReviews } from "../../../domain/orders-api";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { FIXTURE, forceOrderStatus, placeTestOrder } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

let guest: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(301));
});

function review(orderId: number) {
  return server.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/review`,
    headers: authHeaders(guest),
    payload: { rating: 5, comment: "Perfect freddo" },
  });
}

async function history(): Promise<OrderHistory> {
  const response = await server.app.inject({ method: "GET", url: "/api/orders/history", headers: authHeaders(guest) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderHistory>();
}

describe("§2 history and reviews of a placed order", () => {
  it("a placed order is in the history as placement answered it; reviewable only once accepted", async () => {
    const placed = await placeTestOrder(server.app, ctx.db, guest, { comment: "By the umbrella" });
    const [listed] = (await history()).orders;
    expect(listed).toEqual(placed);
    expect(listed?.status).toBe("WAITING_FOR_ACCEPTANCE");

    const early = await review(placed.id);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe("REVIEW_NOT_ALLOWED");

    await forceOrderStatus(ctx.db, placed.id, "ACCEPTED");
    expect((await review(placed.id)).statusCode).toBe(201);
    const [after] = (await history()).orders;
    expect(after).toMatchObject({ id: placed.id, status: "ACCEPTED", reviewed: true });

    const store = (
      await server.app.inject({ method: "GET", url: `/api/stores/${FIXTURE.storeId}/reviews` })
    ).json<StoreReviews>();
    expect(store).toMatchObject({ count: 1, averageRating: 5 });
    expect(store.reviews[0]).toMatchObject({ orderId: placed.id, comment: "Perfect freddo" });
  });
});
