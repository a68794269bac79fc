/**
 * The guest's order history and reviews (spec §2 history, reviews, store-reviews; §6 history and
 * reviews need a signed-in guest), typed by the shared contracts in src/domain/orders-api.ts.
 * History and a new review carry the session's tokens; a store's reviews are public.
 */
import type { OrderDto, OrderHistory, ReviewDto, ReviewRequest, StoreReviews } from "../../domain/orders-api";
import { authedCall, publicCall } from "./accounts-client";

/** A page of the guest's orders, newest first; `before`: the oldest order id already shown. */
export function fetchOrderHistory(before?: number): Promise<OrderHistory> {
  return authedCall("orders/history", {
    method: "get",
    ...(before === undefined ? {} : { searchParams: { before } }),
  });
}

export function submitReview(orderId: number, review: ReviewRequest): Promise<ReviewDto> {
  return authedCall(`orders/${orderId}/review`, { method: "post", json: review });
}

export function fetchStoreReviews(storeId: number, signal?: AbortSignal): Promise<StoreReviews> {
  return publicCall(`stores/${storeId}/reviews`, { method: "get", ...(signal ? { signal } : {}) });
}

/** One of the guest's orders (GET /api/orders/:orderId): what the review screen is about. */
export function fetchOrder(orderId: number): Promise<OrderDto> {
  return authedCall(`orders/${orderId}`, { method: "get" });
}
