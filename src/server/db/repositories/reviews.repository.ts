/**
 * Reviews of orders (migration 003 `reviews`): one per order, guarded by the unique index on
 * order_id, so two racing submissions store one review whatever the dialect.
 */
import type { Insertable, Kysely } from "kysely";
import type { OrderStatus } from "../../../domain/orders-api";
import type { Database } from "../schema";
import type { ReviewRow, ReviewsTable } from "../tables/orders.tables";

/** A review with what the public listing shows of its author (never a phone or an e-mail). */
export interface ReviewWithAuthor extends ReviewRow {
  author_name: string | null;
  author_deleted_at: string | null;
}

/** What the review rule needs of an order. */
export interface OrderForReview {
  id: number;
  store_id: number;
  user_id: number;
  status: OrderStatus;
}

export async function findOrderForReview(db: Kysely<Database>, orderId: number): Promise<OrderForReview | undefined> {
  return db
    .selectFrom("orders")
    .select(["id", "store_id", "user_id", "status"])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

export async function reviewExistsForOrder(db: Kysely<Database>, orderId: number): Promise<boolean> {
  const row = await db.selectFrom("reviews").select("id").where("order_id", "=", orderId).executeTakeFirst();
  return row !== undefined;
}

/** Throws the database's unique violation when the order already has a review (db/errors.ts). */
export async function insertReview(db: Kysely<Database>, review: Insertable<ReviewsTable>): Promise<ReviewRow> {
  return db.insertInto("reviews").values(review).returningAll().executeTakeFirstOrThrow();
}

/** Count and sum of every rating of a store, for the average (computed from all rows, in SQL). */
export async function storeRatingTotals(
  db: Kysely<Database>,
  storeId: number,
): Promise<{ count: number; sum: number }> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.sum<number | string | null>("rating").as("sum"),
    ])
    .where("store_id", "=", storeId)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count and sum of integers as bigint/numeric strings; sum is null without rows.
  return { count: Number(row.count), sum: Number(row.sum ?? 0) };
}

/** A store's latest reviews, newest first, with the author's current name and deletion mark. */
export async function listLatestReviewsOfStore(
  db: Kysely<Database>,
  storeId: number,
  limit: number,
): Promise<ReviewWithAuthor[]> {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .selectAll("reviews")
    .select(["users.name as author_name", "users.deleted_at as author_deleted_at"])
    .where("reviews.store_id", "=", storeId)
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id", "desc")
    .limit(limit)
    .execute();
}
