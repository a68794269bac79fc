import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ORDER_HISTORY_PAGE_SIZE } from "../../../domain/order-history";
import type { OrderDto, OrderStatus } from "../../../domain/orders-api";
import { names } from "../../../domain/test-support";
import { formatAthensDateTime } from "../../i18n/athens-date-time";
import { formatPrice } from "../../i18n/money";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { HistoryScreen } from "./HistoryScreen";
import { orderDto, stubApi } from "./test-orders";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

function serve(...pages: Array<{ status: number; body: unknown }>) {
  let call = 0;
  const api = stubApi(() => pages[Math.min(call++, pages.length - 1)] as { status: number; body: unknown });
  vi.stubGlobal("fetch", vi.fn(api.fetch));
  return api;
}

/** Prices as testing-library reads them (its normaliser turns the currency's no-break space into a space). */
const price = (cents: number) => formatPrice(cents, "GRE").replace(/\s/gu, " ");

const ok = (orders: OrderDto[]) => ({ status: 200, body: { orders } });

beforeEach(async () => {
  await storeSession(testSession());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("history screen (spec §2 history: the guest's orders with details and statuses)", () => {
  it("§2 shows a loading state, then each order with store, service, spot, daily number, Athens time, status and total", async () => {
    const api = serve(ok([orderDto(2, { dailyNumber: 12 })]));
    renderWithI18n(<HistoryScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "My orders" })).toBeTruthy();
    expect(screen.getByRole("status", { name: "Loading your orders" })).toBeTruthy();

    const card = await screen.findByRole("article", { name: "Kyma Beach Bar" });
    // The spot in the UI language, Greek by default.
    expect(within(card).getByText("Beach bar · Ομπρέλα 12")).toBeTruthy();
    // Athens time in the UI language (Greek by default): 09:15Z in July is 12:15 in Athens.
    const placed = formatAthensDateTime("2026-07-01T09:15:00.000Z", "GRE").replace(/\s/gu, " ");
    expect(placed).toContain("12:15");
    expect(within(card).getByText(`Order #12 · ${placed}`)).toBeTruthy();
    expect(within(card).getByText("Accepted")).toBeTruthy();
    expect(within(card).getByText(`Total ${price(680)}`)).toBeTruthy();
    expect(document.title).toContain("My orders");
    expect(api.requests.map((r) => r.url.pathname)).toEqual(["/api/orders/history"]);
    expect(api.requests[0]?.headers.get("authToken")).toBe("opaque-token");
  });

  it.each([
    ["WAITING_FOR_ACCEPTANCE", "Waiting for acceptance"],
    ["UNDER_REVIEW", "Under review"],
    ["ACCEPTED", "Accepted"],
    ["REJECTED", "Rejected"],
    ["TIMED_OUT", "Timed out"],
    ["PAYMENT_FAILED", "Payment failed"],
  ] as const)("§4 status %s reads %o", async (status: OrderStatus, text) => {
    serve(ok([orderDto(1, { status })]));
    renderWithI18n(<HistoryScreen />);
    const card = await screen.findByRole("article");
    expect(within(card).getByText(text)).toBeTruthy();
  });

  it("§2 details expand: lines with quantity, options, comment and line total; totals; payment; order comment", async () => {
    serve(
      ok([
        orderDto(3, {
          comment: "By the pool",
          payment: { type: "CARD", cardBrand: "visa", cardLastFour: "4242" },
          totals: {
            subtotalCents: 680,
            happyHourSavingsCents: 100,
            roomChargeCents: 0,
            deliveryDiscountCents: 0,
            totalCents: 580,
          },
        }),
      ]),
    );
    renderWithI18n(<HistoryScreen />);
    const card = await screen.findByRole("article");
    const details = card.querySelector("details");
    expect(details?.open).toBe(false);
    fireEvent.click(within(card).getByText("Details"));
    expect(details?.open).toBe(true);
    const panel = within(details as HTMLElement);
    expect(panel.getByText("2 × Freddo espresso")).toBeTruthy();
    expect(panel.getByText("Oat milk")).toBeTruthy();
    expect(panel.getByText("“no sugar”")).toBeTruthy();
    expect(panel.getByText("Happy hour")).toBeTruthy();
    expect(panel.getByText(`−${price(100)}`)).toBeTruthy();
    expect(panel.getByText("Paid by card Visa •••• 4242")).toBeTruthy();
    expect(panel.getByText("Comment: By the pool")).toBeTruthy();
  });

  it("a per-kg line shows its weight in the UI language", async () => {
    const [line] = orderDto(1).lines;
    serve(
      ok([
        orderDto(4, {
          lines: [
            {
              ...(line as OrderDto["lines"][number]),
              names: names("Sea bream"),
              kilos: 0.8,
              quantity: 1,
              options: [],
              comment: "",
            },
          ],
        }),
      ]),
    );
    renderWithI18n(<HistoryScreen />);
    const card = await screen.findByRole("article");
    expect(within(card).getByText("0,8 kg Sea bream")).toBeTruthy();
  });

  it("§2 'Leave a review' only on accepted orders without a review; a reviewed one links to the store's reviews", async () => {
    serve(
      ok([
        orderDto(11, { status: "ACCEPTED", reviewed: false }),
        orderDto(12, { status: "ACCEPTED", reviewed: true }),
        orderDto(13, { status: "REJECTED", errorMessage: "Kitchen closed" }),
        orderDto(14, { status: "WAITING_FOR_ACCEPTANCE" }),
        orderDto(15, { status: "PAYMENT_FAILED", errorMessage: "Your card was declined." }),
      ]),
    );
    renderWithI18n(<HistoryScreen />);
    await screen.findAllByRole("article");
    const links = screen.getAllByRole("link", { name: "Leave a review" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/review/11"]);
    expect(screen.getByRole("link", { name: "See the store's reviews" }).getAttribute("href")).toBe(
      "/stores/1/reviews",
    );
    // A rejection shows the store's reason; a declined card not the provider's, which is in its own language.
    expect(screen.getByText("Kitchen closed")).toBeTruthy();
    expect(screen.queryByText("Your card was declined.")).toBeNull();
  });

  it("§2 empty: 'No orders yet'", async () => {
    serve(ok([]));
    renderWithI18n(<HistoryScreen />);
    expect(await screen.findByRole("heading", { name: "No orders yet" })).toBeTruthy();
  });

  it("an error says so through the error catalogue, and 'Try again' loads again", async () => {
    const api = serve({ status: 500, body: { code: "INTERNAL_ERROR", message: "boom" } }, ok([orderDto(1)]));
    renderWithI18n(<HistoryScreen />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your orders could not be loaded.");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article")).toBeTruthy();
    expect(api.requests).toHaveLength(2);
  });

  it(`a full page of ${ORDER_HISTORY_PAGE_SIZE} offers older orders, asked with ?before= the oldest shown`, async () => {
    const first = Array.from({ length: ORDER_HISTORY_PAGE_SIZE }, (_, i) => orderDto(1000 - i));
    const api = serve(ok(first), ok([orderDto(5)]));
    renderWithI18n(<HistoryScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Show older orders" }, { timeout: 10_000 }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(ORDER_HISTORY_PAGE_SIZE + 1), {
      timeout: 10_000,
    });
    expect(api.requests[1]?.url.search).toBe(`?before=${1000 - ORDER_HISTORY_PAGE_SIZE + 1}`);
    // The short page was the last one.
    expect(screen.queryByRole("button", { name: "Show older orders" })).toBeNull();
  }, 30_000); // 50 cards in jsdom on a shared CPU
});
