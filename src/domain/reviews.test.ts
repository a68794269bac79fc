import { describe, expect, it, test } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "./orders-api";
import { averageRating, canLeaveReview, cleanReviewComment, reviewAuthorName, reviewVerdict } from "./reviews";

describe("reviewVerdict: §2 reviews, own accepted orders only, once per order", () => {
  const own = (status: OrderStatus) => ({ userId: 7, status });

  it("§2 the guest's own accepted, not yet reviewed order may be reviewed", () => {
    expect(reviewVerdict(own("ACCEPTED"), 7, false)).toEqual({ allowed: true });
  });

  it("another guest's order looks exactly like a missing one (ORDER_NOT_FOUND)", () => {
    expect(reviewVerdict({ userId: 8, status: "ACCEPTED" }, 7, false)).toEqual({
      allowed: false,
      code: "ORDER_NOT_FOUND",
    });
    expect(reviewVerdict(undefined, 7, false)).toEqual({ allowed: false, code: "ORDER_NOT_FOUND" });
    // Even when the other guest's order has a review, nothing about it leaks.
    expect(reviewVerdict({ userId: 8, status: "REJECTED" }, 7, true)).toEqual({
      allowed: false,
      code: "ORDER_NOT_FOUND",
    });
  });

  test.each(ORDER_STATUSES.filter((status) => status !== "ACCEPTED"))(
    "an own %s order is refused with REVIEW_NOT_ALLOWED",
    (status) => {
      expect(reviewVerdict(own(status), 7, false)).toEqual({ allowed: false, code: "REVIEW_NOT_ALLOWED" });
    },
  );

  it("a second review of the same order: REVIEW_ALREADY_EXISTS", () => {
    expect(reviewVerdict(own("ACCEPTED"), 7, true)).toEqual({ allowed: false, code: "REVIEW_ALREADY_EXISTS" });
  });

  it("the history offers 'Leave a review' exactly when the server would accept one", () => {
    for (const status of ORDER_STATUSES) {
      for (const reviewed of [false, true]) {
        expect(canLeaveReview({ status, reviewed })).toBe(reviewVerdict(own(status), 7, reviewed).allowed);
      }
    }
  });
});

describe("cleanReviewComment: the guest's words kept, invisible differences removed", () => {
  test.each([
    ["trims the ends", "  Great coffee  ", "Great coffee"],
    ["keeps emoji (a review is shown to guests, not printed for the kitchen)", "Τέλειο 👍", "Τέλειο 👍"],
    ["keeps a single line break", "Good food.\nSlow service.", "Good food.\nSlow service."],
    ["turns CRLF and CR into LF", "a\r\nb\rc", "a\nb\nc"],
    ["drops spaces at line ends", "a   \nb\t", "a\nb"],
    ["keeps at most one blank line", "a\n\n\n\n\nb", "a\n\nb"],
    ["composes Greek accents (NFC)", "α\u0301", "ά"],
    ["blank is empty", " \n \n ", ""],
  ])("%s", (_title, input, expected) => {
    expect(cleanReviewComment(input)).toBe(expected);
  });
});

describe("averageRating: §2 store-reviews average, one decimal, rounded half up", () => {
  test.each([
    [0, 0, null],
    [5, 1, 5],
    [9, 2, 4.5],
    [17, 4, 4.3], // 4.25 rounds up
    [13, 4, 3.3], // 3.25 rounds up
    [10, 3, 3.3], // 3.333...
    [11, 3, 3.7], // 3.666...
    [1, 3, 0.3],
    [449, 100, 4.5], // 4.49
    [445, 100, 4.5], // 4.45 rounds up
    [444, 100, 4.4],
  ])("sum %i over %i reviews → %o", (sum, count, expected) => {
    expect(averageRating(sum, count)).toBe(expected);
  });
});

describe("reviewAuthorName: the first name as it is now; anonymous once deleted; never phone or e-mail", () => {
  test.each([
    [{ name: "Μαρία Παπαδοπούλου", deleted: false }, "Μαρία"],
    [{ name: "  Anna  ", deleted: false }, "Anna"],
    [{ name: "Jean-Luc Picard", deleted: false }, "Jean-Luc"],
    [{ name: null, deleted: false }, null],
    [{ name: "   ", deleted: false }, null],
    [{ name: "Μαρία", deleted: true }, null],
  ])("%o → %o", (account, expected) => {
    expect(reviewAuthorName(account)).toBe(expected);
  });
});
