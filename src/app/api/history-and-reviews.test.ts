import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../session/session";
import { testSession } from "../session/test-session";
import { fetchOrderHistory, fetchStoreReviews, submitReview } from "./history-and-reviews";

/** The network edge: answers every request, and keeps each body (ky waits until a stub reads it). */
const sentBodies: string[] = [];
function answer(status: number, body: unknown) {
  return vi.fn(async (request: Request) => {
    sentBodies.push(await request.clone().text());
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
}

afterEach(async () => {
  sentBodies.length = 0;
  vi.unstubAllGlobals();
  await clearSession();
});

describe("history and review calls (spec §6: history and reviews send authToken and jwt)", () => {
  it("§2 history: GET orders/history with both tokens; the next page with ?before=", async () => {
    await storeSession(testSession());
    const fetchMock = answer(200, { orders: [] });
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchOrderHistory()).toEqual({ orders: [] });
    await fetchOrderHistory(17);
    const [first, next] = fetchMock.mock.calls.map((call) => call[0] as Request);
    expect(new URL(first?.url ?? "").pathname).toBe("/api/orders/history");
    expect(first?.headers.get("authToken")).toBe("opaque-token");
    expect(first?.headers.get("jwt")).toBe("header.payload.signature");
    expect(new URL(next?.url ?? "").search).toBe("?before=17");
  });

  it("§2 reviews: POST orders/:orderId/review with the rating and comment and both tokens", async () => {
    await storeSession(testSession());
    const fetchMock = answer(201, { id: 1 });
    vi.stubGlobal("fetch", fetchMock);
    await submitReview(5, { rating: 4, comment: "Nice" });
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe("POST");
    expect(new URL(request.url).pathname).toBe("/api/orders/5/review");
    expect(request.headers.get("jwt")).toBe("header.payload.signature");
    expect(JSON.parse(sentBodies[0] ?? "")).toEqual({ rating: 4, comment: "Nice" });
  });

  it("a review without a session is INVALID_AUTH_TOKEN without asking the server", async () => {
    const fetchMock = answer(201, {});
    vi.stubGlobal("fetch", fetchMock);
    await expect(submitReview(5, { rating: 4, comment: "" })).rejects.toMatchObject({ code: "INVALID_AUTH_TOKEN" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("§2 store-reviews is public: no tokens are sent even when signed in", async () => {
    await storeSession(testSession());
    const fetchMock = answer(200, { storeId: 3, count: 0, averageRating: null, reviews: [] });
    vi.stubGlobal("fetch", fetchMock);
    await fetchStoreReviews(3);
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe("/api/stores/3/reviews");
    expect(request.headers.get("authToken")).toBeNull();
  });

  it("a server error becomes an ApiError with its code (for errorText)", async () => {
    await storeSession(testSession());
    vi.stubGlobal("fetch", answer(409, { code: "REVIEW_ALREADY_EXISTS", message: "exists" }));
    await expect(submitReview(5, { rating: 4, comment: "" })).rejects.toMatchObject({
      code: "REVIEW_ALREADY_EXISTS",
      status: 409,
    });
  });
});
