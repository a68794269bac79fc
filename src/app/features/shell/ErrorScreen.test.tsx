import { readFileSync } from "node:fs";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR } from "../../api/api-error";
import { ChunkLoadError } from "../../navigation/chunk-load";
import { renderWithI18n } from "../../test-support/render";
import { ErrorScreen } from "./ErrorScreen";

/** A one-route app whose loader fails with `error`, shown by the router's error screen. */
function failWith(error: unknown) {
  const rootRoute = createRootRoute({
    loader: () => {
      throw error;
    },
    component: () => <p>loaded</p>,
    errorComponent: ErrorScreen,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/"] }) });
  renderWithI18n(<RouterProvider router={router} />);
}

// The data error screen and the error catalogue load only when an error shows, not with the first screen.
describe("the router's error screen (spec §8), loaded only on an error", () => {
  it("a lost connection reads 'No connection' with a retry, once its code has arrived", async () => {
    failWith(new ApiError(NETWORK_ERROR, "Failed to fetch", null));
    expect(await screen.findByRole("heading", { level: 1, name: "No connection" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("a server's code reads as the error catalogue words it", async () => {
    failWith(new ApiError("SERVICE_CLOSED", "closed", 409));
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("This service is closed right now")).toBeTruthy();
  });

  it("a server's error shows its request id in small text, so a guest's complaint can be found in the log", async () => {
    failWith(new ApiError("INTERNAL_ERROR", "Something went wrong", 500, undefined, undefined, "req-7f3a-42"));
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("Request id: req-7f3a-42").className).toBe("status-screen__request-id");
  });

  it("no answer at all (offline) has no request id to show", async () => {
    failWith(new ApiError(NETWORK_ERROR, "Failed to fetch", null));
    expect(await screen.findByRole("heading", { level: 1, name: "No connection" })).toBeTruthy();
    expect(screen.queryByText(/Request id/)).toBeNull();
  });

  it("the error catalogue's texts are not in the first-load catalog, only in the later 'screens' one", () => {
    for (const locale of ["el", "en"]) {
      expect(readFileSync(`locales/${locale}/messages.po`, "utf8")).not.toContain("This service is closed right now");
      expect(readFileSync(`locales/${locale}/screens.po`, "utf8")).toContain("This service is closed right now");
    }
  });

  it("a screen's code that did not arrive shows the load error", async () => {
    failWith(new ChunkLoadError("chunk failed"));
    expect(await screen.findByRole("heading", { level: 1, name: "The page could not be loaded" })).toBeTruthy();
  });
});
