import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { ReviewDto, StoreReviews } from "../../../domain/orders-api";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { FIXTURE_STORE, insertTestOrder, SECOND_STORE } from "../order-history/test-orders";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let phoneNumber = 100;
async function newGuest(name: string | null = null): Promise<SignedInGuest> {
  const guest = await signInGuest(server.app, ctx.db, greekMobile(phoneNumber++));
  if (name === null) return guest;
  const updated = await server.app.inject({
    method: "POST",
    url: "/api/user/v2/update",
    headers: authHeaders(guest),
    payload: { name },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  // The update rotates the tokens (auth README): carry on with the new ones.
  const session = updated.json<SessionResponse>();
  return { ...guest, authToken: session.authToken.token, jwt: session.jwt };
}

function review(guest: SignedInGuest | null, orderId: number, payload: unknown = { rating: 5, comment: "Lovely" }) {
  return server.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/review`,
    headers: guest === null ? {} : authHeaders(guest),
    payload: payload as Record<string, unknown>,
  });
}

async function storeReviews(storeId: number = FIXTURE_STORE.storeId) {
  return server.app.inject({ method: "GET", url: `/api/stores/${storeId}/reviews` });
}

async function reviewCount(orderId: number): Promise<number> {
  const rows = await ctx.db.selectFrom("reviews").select("id").where("order_id", "=", orderId).execute();
  return rows.length;
}

let maria: SignedInGuest;
let nikos: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  await importFixture(ctx.db, sampleVenue({ storeId: SECOND_STORE.storeId, idOffset: 10_000 }));
  maria = await newGuest("Μαρία Παπαδοπούλου");
  nikos = await newGuest("Nikos");
});

describe("POST /api/orders/:orderId/review (§2 reviews: login required, own accepted orders only, once)", () => {
  it("§2 the guest reviews an own accepted order: 201 with the review, comment cleaned, first name only", async () => {
    const orderId = await insertTestOrder(ctx.db, maria.userId, "ACCEPTED");
    const response = await review(maria, orderId, {
      rating: 4,
      comment: "  Great freddo!\r\nSlow service.   \n\n\n\nWill return 👍 ",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ReviewDto>()).toEqual({
      id: expect.any(Number),
      orderId,
      storeId: FIXTURE_STORE.storeId,
      rating: 4,
      comment: "Great freddo!\nSlow service.\n\nWill return 👍",
      authorName: "Μαρία",
      createdAt: clock.now().toISOString(),
    });
  });

  it("§2 once per order: a second review is 409 REVIEW_ALREADY_EXISTS and changes nothing", async () => {
    const orderId = await insertTestOrder(ctx.db, maria.userId, "ACCEPTED");
    expect((await review(maria, orderId, { rating: 5, comment: "first" })).statusCode).toBe(201);
    const second = await review(maria, orderId, { rating: 1, comment: "second" });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("REVIEW_ALREADY_EXISTS");
    const rows = await ctx.db.selectFrom("reviews").selectAll().where("order_id", "=", orderId).execute();
    expect(rows.map((row) => [row.rating, row.comment])).toEqual([[5, "first"]]);
  });

  it("10 concurrent reviews of one order store one; the others are 409 REVIEW_ALREADY_EXISTS", async () => {
    const orderId = await insertTestOrder(ctx.db, maria.userId, "ACCEPTED");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => review(maria, orderId, { rating: (i % 5) + 1, comment: `try ${i}` })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().code).toBe("REVIEW_ALREADY_EXISTS");
    }
    expect(await reviewCount(orderId)).toBe(1);
  });

  it("another guest's order answers 404 ORDER_NOT_FOUND, exactly like a missing order (its existence is not revealed)", async () => {
    const orderId = await insertTestOrder(ctx.db, maria.userId, "ACCEPTED");
    const foreign = await review(nikos, orderId);
    const missing = await review(nikos, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().code).toBe("ORDER_NOT_FOUND");
    expect(missing.json().code).toBe("ORDER_NOT_FOUND");
    // Same body but the id in the message.
    expect(foreign.json().message.replace(String(orderId), "N")).toBe(
      missing.json().message.replace("2000000000", "N"),
    );
    expect(await reviewCount(orderId)).toBe(0);
    // Once reviewed by its guest, it still looks missing to the other one (no 409 leak).
    expect((await review(maria, orderId)).statusCode).toBe(201);
    expect((await review(nikos, orderId)).json().code).toBe("ORDER_NOT_FOUND");
  });

  it.each(["WAITING_FOR_ACCEPTANCE", "UNDER_REVIEW", "REJECTED", "TIMED_OUT", "PAYMENT_FAILED"] as const)(
    "§2 an own %s order is refused: 403 REVIEW_NOT_ALLOWED, nothing stored",
    async (status) => {
      const orderId = await insertTestOrder(ctx.db, maria.userId, status);
      const response = await review(maria, orderId);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("REVIEW_NOT_ALLOWED");
      expect(await reviewCount(orderId)).toBe(0);
    },
  );

  it("§6 login required: no session is 401 INVALID_AUTH_TOKEN; a visitor's session is 403 FORBIDDEN", async () => {
    const orderId = await insertTestOrder(ctx.db, maria.userId, "ACCEPTED");
    const anonymous = await review(null, orderId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("INVALID_AUTH_TOKEN");
    const tmp = await server.app.inject({
      method: "POST",
      url: `/api/authenticate/login/tmp?storeId=${FIXTURE_STORE.storeId}`,
    });
    expect(tmp.statusCode, tmp.body).toBe(200);
    const visitor = tmp.json<SessionResponse>();
    const response = await review({ ...maria, authToken: visitor.authToken.token, jwt: visitor.jwt }, orderId);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("FORBIDDEN");
    expect(await reviewCount(orderId)).toBe(0);
  });

  it.each([
    ["a rating of 0", { rating: 0, comment: "" }],
    ["a rating of 6", { rating: 6, comment: "" }],
    ["a fractional rating", { rating: 4.5, comment: "" }],
    ["no comment field", { rating: 4 }],
    ["a comment over 2000 characters", { rating: 4, comment: "x".repeat(2001) }],
    ["a control character", { rating: 4, comment: "bad\u0007bell" }],
    ["an unknown field", { rating: 4, comment: "", userId: 1 }],
  ])("bad input (%s) is 400 VALIDATION_FAILED and stores nothing", async (_case, payload) => {
    const orderId = await insertTestOrder(ctx.db, maria.userId, "ACCEPTED");
    const response = await review(maria, orderId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(await reviewCount(orderId)).toBe(0);
  });
});

describe("GET /api/stores/:storeId/reviews (§2 store-reviews: public, with the average)", () => {
  it("a store without reviews: count 0, average null, empty list", async () => {
    const response = await storeReviews(SECOND_STORE.storeId);
    expect(response.statusCode).toBe(200);
    const body = response.json<StoreReviews>();
    expect(body).toMatchObject({ storeId: SECOND_STORE.storeId, count: 0, averageRating: null, reviews: [] });
    expect(body.storeNames.ENG.name).toBeTruthy();
  });

  it("an unknown store is 404 STORE_NOT_FOUND", async () => {
    const response = await storeReviews(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("STORE_NOT_FOUND");
  });
});

describe("store reviews: average over every review, latest first, authors anonymised after deletion", () => {
  it("§2 averages all ratings to one decimal, lists the newest first, and never shows a phone or e-mail", async () => {
    // Another store, so the reviews of the tests above do not count here.
    const eleni = await newGuest("Eleni K.");
    const ratings = [5, 4, 4, 4]; // 17 / 4 = 4.25 -> 4.3 (half up)
    const orderIds: number[] = [];
    for (const rating of ratings) {
      const orderId = await insertTestOrder(ctx.db, eleni.userId, "ACCEPTED", clock.now().toISOString(), SECOND_STORE);
      clock.advance(MINUTE);
      expect((await review(eleni, orderId, { rating, comment: `rated ${rating}` })).statusCode).toBe(201);
      orderIds.push(orderId);
    }
    const body = (await storeReviews(SECOND_STORE.storeId)).json<StoreReviews>();
    expect(body.count).toBe(4);
    expect(body.averageRating).toBe(4.3);
    expect(body.reviews.map((r) => r.orderId)).toEqual([...orderIds].reverse());
    expect(body.reviews.every((r) => r.authorName === "Eleni")).toBe(true);
    const text = JSON.stringify(body);
    expect(text).not.toContain("+30");
    expect(text).not.toContain("@");

    // §6 delete account (the real route): the reviews stay, counted, but anonymous.
    const deleted = await server.app.inject({ method: "POST", url: "/api/user/delete", headers: authHeaders(eleni) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = (await storeReviews(SECOND_STORE.storeId)).json<StoreReviews>();
    expect(after.count).toBe(4);
    expect(after.averageRating).toBe(4.3);
    expect(after.reviews.map((r) => r.authorName)).toEqual([null, null, null, null]);
  });

  it("the name shown is the account's name as it is now", async () => {
    const guest = await newGuest("Giorgos");
    const orderId = await insertTestOrder(ctx.db, guest.userId, "ACCEPTED");
    clock.advance(MINUTE);
    expect((await review(guest, orderId)).statusCode).toBe(201);
    const renamed = await server.app.inject({
      method: "POST",
      url: "/api/user/v2/update",
      headers: authHeaders(guest),
      payload: { name: "Yorgos Papas" },
    });
    expect(renamed.statusCode).toBe(200);
    const body = (await storeReviews()).json<StoreReviews>();
    expect(body.reviews.find((r) => r.orderId === orderId)?.authorName).toBe("Yorgos");
  });

  it("the store's reviews are in the API document (/api/docs/json)", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.paths["/api/stores/{storeId}/reviews"].get.responses).toHaveProperty("404");
    expect(doc.paths["/api/orders/{orderId}/review"].post.responses).toHaveProperty("409");
  });
});
