import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReviewDto } from "../../../domain/orders-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { navigate } from "../../test-support/router-stub";
import { orderDto, stubApi } from "../history/test-orders";
import { ReviewScreen } from "./ReviewScreen";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const created: ReviewDto = {
  id: 1,
  orderId: 31,
  storeId: 4,
  rating: 4,
  comment: "Great freddo",
  authorName: "Eleni",
  createdAt: "2026-07-01T10:00:00.000Z",
};

/** GET /api/orders/:id answers `order`; the review POST answers `status` and `body`. */
function serve(
  status: number,
  body: unknown,
  order: { status: number; body: unknown } = { status: 200, body: orderDto(31) },
) {
  const api = stubApi((request) => (request.method === "GET" ? order : { status, body }));
  vi.stubGlobal("fetch", vi.fn(api.fetch));
  return api;
}

beforeEach(async () => {
  await storeSession(testSession());
});

afterEach(async () => {
  navigate.mockClear();
  vi.unstubAllGlobals();
  await clearSession();
});

describe("review screen (spec §2 reviews: rating and comment for an own accepted order)", () => {
  it("§2 the rating is a radio group of five named stars, used with the keyboard", async () => {
    serve(201, created);
    const events = userEvent.setup();
    renderWithI18n(<ReviewScreen orderId={31} />);
    expect(screen.getByRole("heading", { level: 1, name: "Leave a review" })).toBeTruthy();
    expect(document.title).toContain("Leave a review");
    const group = screen.getByRole("group", { name: "Your rating" });
    const stars = within(group).getAllByRole("radio");
    expect(stars.map((star) => star.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(within(group).getByRole("radio", { name: "1 star" })).toBeTruthy();
    await events.click(within(group).getByRole("radio", { name: "3 stars" }));
    // user-event walks a radio group with CSS.escape, which jsdom lacks; the browser has it.
    vi.stubGlobal("CSS", { escape: (value: string) => value.replace(/[^\w-]/gu, (c) => `\\${c}`) });
    await events.keyboard("{ArrowRight}");
    expect((within(group).getByRole("radio", { name: "4 stars" }) as HTMLInputElement).checked).toBe(true);
    // The stars up to the chosen one are filled.
    expect(group.querySelectorAll(".star-rating__star--on")).toHaveLength(4);
  });

  it("sending without a rating asks for one and sends nothing", async () => {
    const api = serve(201, created);
    renderWithI18n(<ReviewScreen orderId={31} />);
    fireEvent.click(screen.getByRole("button", { name: "Send review" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a rating from 1 to 5 stars");
    expect(api.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("§2 sends the rating and comment for the order, then thanks and links to the store's reviews", async () => {
    const api = serve(201, created);
    const events = userEvent.setup();
    renderWithI18n(<ReviewScreen orderId={31} />);
    await events.click(screen.getByRole("radio", { name: "4 stars" }));
    await events.type(screen.getByRole("textbox", { name: "Comment (optional)" }), "Great freddo");
    await events.click(screen.getByRole("button", { name: "Send review" }));

    expect(await screen.findByRole("heading", { name: "Thank you for your review!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the store's reviews" }).getAttribute("href")).toBe(
      "/stores/4/reviews",
    );
    expect(api.requests.map((r) => [r.method, r.url.pathname])).toEqual([
      ["GET", "/api/orders/31"],
      ["POST", "/api/orders/31/review"],
    ]);
    expect(JSON.parse(api.requests[1]?.body ?? "")).toEqual({ rating: 4, comment: "Great freddo" });
    expect(api.requests[1]?.headers.get("jwt")).toBe("header.payload.signature");
    expect(await screen.findByRole("link", { name: "Back to my orders" })).toHaveProperty(
      "href",
      "http://localhost:3000/history/42",
    );
  });

  it.each([
    [409, "REVIEW_ALREADY_EXISTS", "You have already reviewed this order"],
    [403, "REVIEW_NOT_ALLOWED", "You can review only your own accepted orders"],
    [404, "ORDER_NOT_FOUND", "We could not find this order"],
  ])("the server's %i %s shows as %o and the form stays", async (status, code, text) => {
    serve(status, { code, message: "refused" });
    const events = userEvent.setup();
    renderWithI18n(<ReviewScreen orderId={31} />);
    await events.click(screen.getByRole("radio", { name: "5 stars" }));
    await events.click(screen.getByRole("button", { name: "Send review" }));
    expect((await screen.findByRole("alert", {}, { timeout: 2000 })).textContent).toBe(text);
    expect(screen.getByRole("button", { name: "Send review" })).toBeTruthy();
  });

  it("shows which order is reviewed: store, daily number, Athens time", async () => {
    serve(201, created, { status: 200, body: orderDto(31, { dailyNumber: 12 }) });
    renderWithI18n(<ReviewScreen orderId={31} />);
    const summary = await screen.findByText(/Order #12/);
    expect(summary.closest("p")?.textContent).toContain("Kyma Beach Bar");
  });

  it.each([
    ["already reviewed", { reviewed: true }, "You have already reviewed this order"],
    ["not accepted", { status: "REJECTED" as const }, "You can review only your own accepted orders"],
  ])("§2 an order %s shows why instead of a form", async (_case, overrides, text) => {
    const api = serve(201, created, { status: 200, body: orderDto(31, overrides) });
    renderWithI18n(<ReviewScreen orderId={31} />);
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(screen.queryByRole("button", { name: "Send review" })).toBeNull();
    expect(api.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("an order that is not the guest's (404) shows 'We could not find this order' and no form", async () => {
    serve(201, created, { status: 404, body: { code: "ORDER_NOT_FOUND", message: "no" } });
    renderWithI18n(<ReviewScreen orderId={31} />);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Send review" })).toBeNull());
    expect(screen.getByRole("alert").textContent).toBe("We could not find this order");
  });

  it("§6 when the session ends while the screen is open, the guest goes to the landing page", async () => {
    serve(201, created);
    renderWithI18n(<ReviewScreen orderId={31} />);
    await screen.findByText(/Order #7/);
    await clearSession();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: "/", replace: true }));
  });
});
