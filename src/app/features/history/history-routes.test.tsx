import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeTree } from "../../routeTree.gen";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { orderDto, stubApi } from "./test-orders";

/** The real route tree in memory: the _auth guard, the route definitions and the screen together. */
function openAt(path: string) {
  const api = stubApi((request) =>
    new URL(request.url).pathname === "/api/orders/history"
      ? { status: 200, body: { orders: [orderDto(9, { dailyNumber: 31 })] } }
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

describe("history routes (spec §2 history and history-with-entrance: login required)", () => {
  it.each(["/history/42", "/history/42/entrance"])("§2 %s lists the signed-in guest's orders", async (path) => {
    await storeSession(testSession());
    openAt(path);
    const card = await screen.findByRole("article", {}, { timeout: 5000 });
    expect(within(card).getByText(/Order #31/)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "My orders" })).toBeTruthy();
  });

  it("§6 without a session the guard sends the guest to the landing page", async () => {
    const router = openAt("/history/42/entrance");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 5000 });
  });
});
