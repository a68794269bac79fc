import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { names } from "../../../domain/test-support";
import { routeTree } from "../../routeTree.gen";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { stubApi } from "../history/test-orders";

/** The real route tree in memory: guards, route definitions and screens together. */
function openAt(path: string) {
  const api = stubApi((request) =>
    new URL(request.url).pathname === "/api/stores/4/reviews"
      ? {
          status: 200,
          body: {
            storeId: 4,
            storeNames: names("Kyma Beach Bar"),
            count: 1,
            averageRating: 5,
            reviews: [
              {
                id: 1,
                orderId: 2,
                storeId: 4,
                rating: 5,
                comment: "Lovely",
                authorName: "Eleni",
                createdAt: "2026-07-01T10:00:00.000Z",
              },
            ],
          },
        }
      : { status: 404, body: { code: "NOT_FOUND", message: "not stubbed" } },
  );
  vi.stubGlobal("fetch", vi.fn(api.fetch));
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  renderWithI18n(<RouterProvider router={router} />);
  return router;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("review routes (spec §2 reviews: login required; store-reviews: public)", () => {
  it("§2 /review/:orderId with a session shows the review form", async () => {
    await storeSession(testSession());
    openAt("/review/31");
    expect(await screen.findByRole("group", { name: "Your rating" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Leave a review" })).toBeTruthy();
  });

  it("§2 /review/:orderId without a session redirects to the landing page", async () => {
    const router = openAt("/review/31");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 5000 });
  });

  it("§2 /stores/:storeId/reviews is public: it lists the reviews without a session", async () => {
    openAt("/stores/4/reviews");
    expect(await screen.findByText("Lovely", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Store reviews" })).toBeTruthy();
  });
});
