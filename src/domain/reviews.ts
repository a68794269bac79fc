/**
 * Reviews (spec §2 reviews and store-reviews, §6 "logged-in user: ... reviews"):
 * who may review which order, how a review's comment is cleaned, how the store's average is
 * rounded and how a reviewer is named in public. Pure rules, shared by the server and the app.
 */
import type { OrderStatus } from "./orders-api";

/** The order a review is asked for, as far as the rule needs it. */
export interface ReviewableOrder {
  userId: number;
  status: OrderStatus;
}

export type ReviewVerdict =
  | { allowed: true }
  | { allowed: false; code: "ORDER_NOT_FOUND" | "REVIEW_NOT_ALLOWED" | "REVIEW_ALREADY_EXISTS" };

/**
 * A guest may review their own accepted order, once.
 * - A missing order and another guest's order answer alike (ORDER_NOT_FOUND), so asking cannot
 *   tell whether an order id exists.
 * - Only ACCEPTED: a pending order may still be refused, and a rejected, timed-out or unpaid one
 *   was never served, so there is nothing to rate.
 */
export function reviewVerdict(order: ReviewableOrder | undefined, callerId: number, reviewed: boolean): ReviewVerdict {
  if (order === undefined || order.userId !== callerId) return { allowed: false, code: "ORDER_NOT_FOUND" };
  if (order.status !== "ACCEPTED") return { allowed: false, code: "REVIEW_NOT_ALLOWED" };
  if (reviewed) return { allowed: false, code: "REVIEW_ALREADY_EXISTS" };
  return { allowed: true };
}

/** Whether the history shows "Leave a review" for an order (the same rule, seen from the app). */
export function canLeaveReview(order: { status: OrderStatus; reviewed: boolean }): boolean {
  return order.status === "ACCEPTED" && !order.reviewed;
}

/**
 * A review's comment as stored. Unlike a cart comment (spec §5 strips emoji and symbols because
 * it goes to the kitchen), a review is the guest's own words shown to other guests: emoji and line
 * breaks stay. What goes: the two normalisation differences a reader cannot see (NFC, CRLF), spaces
 * at line ends, runs of blank lines beyond one, and blank ends. Control characters never arrive
 * (the request schema refuses them).
 */
export function cleanReviewComment(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The mean rating rounded half up to one decimal (4.25 → 4.3), null without reviews. From the sum
 * and the count, both integers, so the result does not depend on how a database rounds.
 */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  // sum * 10 / count is exact whenever it ends in .5 (a small integer over a power of two).
  return Math.round((sum * 10) / count) / 10;
}

/**
 * How a reviewer is named in public: the first name of the account as it is now (a changed name
 * shows everywhere; a deleted account is anonymous). Never a phone or an e-mail.
 */
export function reviewAuthorName(account: { name: string | null; deleted: boolean }): string | null {
  if (account.deleted || account.name === null) return null;
  const [first] = account.name.trim().split(/\s+/u);
  return first === undefined || first === "" ? null : first;
}

/** How many of a store's reviews one answer lists (latest first); the average counts them all. */
export const STORE_REVIEWS_LIMIT = 50;
