import "fake-indexeddb/auto";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReviewDto, StoreReviews } from "../../../domain/orders-api";
import { names } from "../../../domain/test-support";
import { renderWithI18n } from "../../test-support/render";
import { stubApi } from "../history/test-orders";
import { formatRating } from "./rating";
import { StoreReviewsScreen } from "./StoreReviewsScreen";

function review(id: number, overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id,
    orderId: id * 10,
    storeId: 4,
    rating: 5,
    comment: "",
    authorName: "Eleni",
    createdAt: "2026-07-01T10:00:00.000Z",
    ...overrides,
  };
}

function storeReviews(overrides: Partial<StoreReviews> = {}): StoreReviews {
  return { storeId: 4, storeNames: names("Kyma Beach Bar"), count: 0, averageRating: null, reviews: [], ...overrides };
}

function serve(...answers: Array<{ status: number; body: unknown }>) {
  let call = 0;
  const api = stubApi(() => answers[Math.min(call++, answers.length - 1)] as { status: number; body: unknown });
  vi.stubGlobal("fetch", vi.fn(api.fetch));
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("store reviews screen (spec §2 store-reviews: the store's reviews with the average)", () => {
  it("§2 shows the average, the count and the latest reviews with first names, dates and comments", async () => {
    const api = serve({
      status: 200,
      body: storeReviews({
        count: 3,
        averageRating: 4.3,
        reviews: [
          review(3, { rating: 4, comment: "Slow but worth it.\nWill return", authorName: "Nikos" }),
          review(2, { rating: 5, authorName: null }),
          review(1, { rating: 4 }),
        ],
      }),
    });
    renderWithI18n(<StoreReviewsScreen storeId={4} />);
    expect(screen.getByRole("heading", { level: 1, name: "Store reviews" })).toBeTruthy();
    const summary = await screen.findByRole("region", { name: "Kyma Beach Bar" });
    const average = formatRating(4.3, "GRE");
    expect(within(summary).getByText(average)).toBeTruthy();
    expect(within(summary).getByRole("img", { name: `Average rating ${average} out of 5` })).toBeTruthy();
    expect(within(summary).getByText("3 reviews")).toBeTruthy();

    const items = screen.getAllByRole("article");
    expect(items.map((item) => within(item).getByRole("img").getAttribute("aria-label"))).toEqual([
      "4 out of 5 stars",
      "5 out of 5 stars",
      "4 out of 5 stars",
    ]);
    expect(within(items[0] as HTMLElement).getByText("Nikos")).toBeTruthy();
    expect(items[0]?.querySelector(".review-item__comment")?.textContent).toBe("Slow but worth it.\nWill return");
    // A deleted account (or one without a name) is anonymous.
    expect(within(items[1] as HTMLElement).getByText("A guest")).toBeTruthy();
    expect(items[0]?.querySelector("time")?.getAttribute("datetime")).toBe("2026-07-01T10:00:00.000Z");
    expect(api.requests.map((r) => r.url.pathname)).toEqual(["/api/stores/4/reviews"]);
    expect(document.title).toContain("Store reviews");
  });

  it("says when only the latest of more reviews are listed", async () => {
    serve({ status: 200, body: storeReviews({ count: 80, averageRating: 4, reviews: [review(1)] }) });
    renderWithI18n(<StoreReviewsScreen storeId={4} />);
    expect(await screen.findByText("Showing the latest 1 reviews.")).toBeTruthy();
  });

  it("§2 a store without reviews: 'No reviews yet'", async () => {
    serve({ status: 200, body: storeReviews() });
    renderWithI18n(<StoreReviewsScreen storeId={4} />);
    expect(await screen.findByRole("heading", { name: "No reviews yet" })).toBeTruthy();
    expect(screen.getByText("Reviews from guests of Kyma Beach Bar will appear here.")).toBeTruthy();
  });

  it("an unknown store shows the catalogue's text; 'Try again' asks again", async () => {
    const api = serve(
      { status: 404, body: { code: "STORE_NOT_FOUND", message: "no" } },
      { status: 200, body: storeReviews({ count: 1, averageRating: 5, reviews: [review(1)] }) },
    );
    renderWithI18n(<StoreReviewsScreen storeId={4} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not find this store");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article")).toBeTruthy();
    expect(api.requests).toHaveLength(2);
  });
});
