import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_STORE, insertTestOrder } from "../../routes/order-history/test-orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestDatabase } from "../../test-support/test-database";
import { isUniqueViolation } from "../errors";
import { insertReview, storeRatingTotals } from "./reviews.repository";

const ctx = setUpTestDatabase();
let userId: number;

beforeAll(async () => {
  await importFixture(ctx.db);
  const now = new Date().toISOString();
  const user = await ctx.db
    .insertInto("users")
    .values({
      kind: "guest",
      phone: "+306940000999",
      country_iso2: "GR",
      name: "Anna",
      email: null,
      password_hash: null,
      verified: 1,
      opted_in_for_newsletter: 0,
      staff_id: null,
      store_id: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  userId = user.id;
});

function reviewOf(orderId: number, rating: number) {
  return {
    order_id: orderId,
    store_id: FIXTURE_STORE.storeId,
    user_id: userId,
    rating,
    comment: "",
    created_at: new Date().toISOString(),
  };
}

describe("reviews repository (one review per order, on both dialects)", () => {
  it("the unique index on order_id refuses a second review, and db/errors recognises the refusal", async () => {
    const orderId = await insertTestOrder(ctx.db, userId, "ACCEPTED");
    await insertReview(ctx.db, reviewOf(orderId, 5));
    const second = await insertReview(ctx.db, reviewOf(orderId, 1)).catch((error: unknown) => error);
    expect(isUniqueViolation(second)).toBe(true);
  });

  it("count and sum come back as numbers on both dialects (PostgreSQL answers bigint text)", async () => {
    expect(await storeRatingTotals(ctx.db, 999)).toEqual({ count: 0, sum: 0 });
    const orderId = await insertTestOrder(ctx.db, userId, "ACCEPTED");
    await insertReview(ctx.db, reviewOf(orderId, 3));
    expect(await storeRatingTotals(ctx.db, FIXTURE_STORE.storeId)).toEqual({ count: 2, sum: 8 });
  });

  it("the rating check of the table refuses a rating outside 1-5 even if a caller skipped the schema", async () => {
    const orderId = await insertTestOrder(ctx.db, userId, "ACCEPTED");
    await expect(insertReview(ctx.db, reviewOf(orderId, 6))).rejects.toThrow();
  });
});
