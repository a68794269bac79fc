/**
 * Reviews (spec §2 reviews and store-reviews; §6 reviews need a signed-in guest):
 *   POST /api/orders/:orderId/review   the guest's own accepted order, once  -> 201 Review
 *   GET  /api/stores/:storeId/reviews  public: count, average, latest reviews -> StoreReviews
 * The rules are src/domain/reviews.ts; this file reads, writes and answers.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import type { Translations } from "../../../domain/languages";
import { type ReviewDto, ReviewRequestSchema, ReviewSchema, StoreReviewsSchema } from "../../../domain/orders-api";
import {
  averageRating,
  cleanReviewComment,
  reviewAuthorName,
  reviewVerdict,
  STORE_REVIEWS_LIMIT,
} from "../../../domain/reviews";
import { authenticateGuest } from "../../auth/sessions";
import { fromJsonText } from "../../db/columns";
import { isUniqueViolation } from "../../db/errors";
import {
  findOrderForReview,
  insertReview,
  listLatestReviewsOfStore,
  type ReviewWithAuthor,
  reviewExistsForOrder,
  storeRatingTotals,
} from "../../db/repositories/reviews.repository";
import { findStoreById } from "../../db/repositories/store.repository";
import { ApiError, conflict, notFound } from "../../http/api-error";
import { errorResponses, IdSchema, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";

const alreadyReviewed = () => conflict("REVIEW_ALREADY_EXISTS", "This order already has a review");

export const reviewRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.post(
    "/orders/:orderId/review",
    {
      schema: {
        tags: ["orders"],
        summary: "Review one's own accepted order, once: rating 1-5 and a comment",
        params: Type.Object({ orderId: IdSchema }),
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        body: ReviewRequestSchema,
        response: { 201: ReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { account } = await authenticateGuest(ctx, request.headers);
      const { orderId } = request.params;
      const order = await findOrderForReview(ctx.db, orderId);
      const verdict = reviewVerdict(
        order && { userId: order.user_id, status: order.status },
        account.user.id,
        order !== undefined && (await reviewExistsForOrder(ctx.db, orderId)),
      );
      // (An allowed verdict implies the order exists; the check on `order` only narrows its type.)
      if (order === undefined || !verdict.allowed) {
        throw refusal(verdict.allowed ? "ORDER_NOT_FOUND" : verdict.code, orderId);
      }
      try {
        const row = await insertReview(ctx.db, {
          order_id: orderId,
          store_id: order.store_id,
          user_id: account.user.id,
          rating: request.body.rating,
          comment: cleanReviewComment(request.body.comment),
          created_at: ctx.now().toISOString(),
        });
        return reply.code(201).send(reviewDto({ ...row, author_name: account.user.name, author_deleted_at: null }));
      } catch (error) {
        // A concurrent submission for the same order won the unique index on reviews.order_id.
        if (isUniqueViolation(error)) throw alreadyReviewed();
        throw error;
      }
    },
  );

  app.get(
    "/stores/:storeId/reviews",
    {
      schema: {
        tags: ["guest"],
        summary: `A store's reviews: count, average rating (one decimal), the latest ${STORE_REVIEWS_LIMIT}; authors by first name only`,
        params: Type.Object({ storeId: IdSchema }),
        querystring: NoQuerySchema,
        response: { 200: StoreReviewsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { storeId } = request.params;
      const store = await findStoreById(ctx.db, storeId);
      if (store === undefined) throw notFound("STORE_NOT_FOUND", `There is no store ${storeId}`);
      const [totals, latest] = await Promise.all([
        storeRatingTotals(ctx.db, storeId),
        listLatestReviewsOfStore(ctx.db, storeId, STORE_REVIEWS_LIMIT),
      ]);
      // Public, but a new review should show at once: the browser revalidates every time.
      reply.header("cache-control", "no-cache");
      return {
        storeId,
        storeNames: fromJsonText<Translations>(store.names),
        count: totals.count,
        averageRating: averageRating(totals.sum, totals.count),
        reviews: latest.map(reviewDto),
      };
    },
  );
};

function refusal(code: "ORDER_NOT_FOUND" | "REVIEW_NOT_ALLOWED" | "REVIEW_ALREADY_EXISTS", orderId: number): ApiError {
  switch (code) {
    case "ORDER_NOT_FOUND":
      return notFound("ORDER_NOT_FOUND", `There is no order ${orderId}`);
    case "REVIEW_NOT_ALLOWED":
      return new ApiError(403, "REVIEW_NOT_ALLOWED", "Only an accepted order can be reviewed");
    case "REVIEW_ALREADY_EXISTS":
      return alreadyReviewed();
  }
}

function reviewDto(row: ReviewWithAuthor): ReviewDto {
  return {
    id: row.id,
    orderId: row.order_id,
    storeId: row.store_id,
    rating: row.rating,
    comment: row.comment,
    authorName: reviewAuthorName({ name: row.author_name, deleted: row.author_deleted_at !== null }),
    createdAt: row.created_at,
  };
}
