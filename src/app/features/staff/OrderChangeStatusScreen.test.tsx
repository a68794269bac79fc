import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderDto } from "../../../domain/orders-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { OrderChangeStatusScreen } from "./OrderChangeStatusScreen";

const names = (english: string) => ({ GRE: { name: `${english} (el)` }, ENG: { name: english } });

function pendingOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 31,
    storeId: 7,
    storeNames: names("Ammoudia"),
    serviceId: 10,
    serviceNames: names("Beach bar"),
    tableId: 201,
    spotName: "Umbrella 12",
    spotNames: { GRE: { name: "Ομπρέλα 12" }, ENG: { name: "Umbrella 12" } },
    selectedTableName: null,
    chargingRoomName: null,
    status: "WAITING_FOR_ACCEPTANCE",
    onHold: false,
    dailyNumber: 14,
    scheduledFor: "2026-07-01T08:30:00.000Z",
    comment: "No ice please",
    payment: { type: "CASH", cardBrand: null, cardLastFour: null },
    deliveryInfo: null,
    lines: [
      {
        itemId: 1000,
        names: names("Freddo espresso"),
        quantity: 2,
        kilos: null,
        comment: "",
        options: [{ groupId: 5000, optionId: 50001, names: names("Medium"), priceCents: 0 }],
        unitPriceCents: 350,
        optionsUnitPriceCents: 0,
        totalCents: 700,
      },
    ],
    totals: {
      subtotalCents: 700,
      happyHourSavingsCents: 0,
      roomChargeCents: 0,
      deliveryDiscountCents: 0,
      totalCents: 700,
    },
    errorMessage: null,
    acceptanceDeadline: "2026-07-01T08:10:00.000Z",
    reviewed: false,
    createdAt: "2026-07-01T08:00:00.000Z",
    updatedAt: "2026-07-01T08:00:00.000Z",
    ...overrides,
  };
}

/** IndexedDB and the first fetch can take over a second on a busy machine. */
const SLOW = { timeout: 5000 };

const waiterSession = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: 7 },
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("order-change-status (spec §2 staff route; issue §2 staff accept and reject)", () => {
  it("a waiter sees a pending order with its details, accepts it, and the list is read again", async () => {
    await storeSession(waiterSession);
    let accepted = false;
    const requests: Request[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        requests.push(request);
        const path = new URL(request.url).pathname;
        if (request.method === "GET" && path === "/api/staff/orders") {
          return json(200, { orders: accepted ? [pendingOrder({ status: "ACCEPTED" })] : [pendingOrder()] });
        }
        if (request.method === "POST" && path === "/api/staff/orders/31/accept") {
          accepted = true;
          return json(200, { orderId: 31, storeId: 7, status: "ACCEPTED", onHold: false, dailyNumber: 14 });
        }
        return json(404, { code: "NOT_FOUND", message: path });
      }),
    );

    renderWithI18n(<OrderChangeStatusScreen />);
    expect(await screen.findByRole("heading", { name: "Order #14 · Umbrella 12" }, SLOW)).toBeTruthy();
    // Content in the menu language (Greek by default), prices as euros.
    expect(screen.getByRole("listitem").textContent?.replaceAll("\u00a0", " ")).toBe(
      "2 × Freddo espresso (el) (Medium (el)) 7,00 €",
    );
    expect(screen.getByText(/Comment: No ice please/)).toBeTruthy();
    expect(screen.getByText("Scheduled for 11:30")).toBeTruthy();
    expect(screen.getByText(/Total: /).textContent?.replaceAll("\u00a0", " ")).toBe("Total: 7,00 €");

    fireEvent.click(screen.getByRole("button", { name: "Accept order #14" }));
    // Accepted orders are no longer pending: the card leaves once the list is read again.
    await waitFor(() => expect(screen.queryByRole("heading", { name: /Order #14/ })).toBeNull(), SLOW);
    expect(await screen.findByText("No pending orders right now.", {}, SLOW)).toBeTruthy();

    const accept = requests.find((r) => r.method === "POST");
    expect(new URL(accept?.url ?? "").pathname).toBe("/api/staff/orders/31/accept");
    expect(accept?.headers.get("authToken")).toBe("opaque-token");
    expect(accept?.headers.get("jwt")).toBe("header.payload.signature");
    expect(requests.filter((r) => r.method === "GET").length).toBeGreaterThanOrEqual(2);
  });

  it("§8 a refused accept shows the catalogue's text", async () => {
    await storeSession(waiterSession);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) =>
        request.method === "GET"
          ? json(200, { orders: [pendingOrder()] })
          : json(409, {
              code: "INVALID_STATUS_FOR_ORDER_EXECUTION",
              message: "cannot accept order, it has been declined or has expired",
            }),
      ),
    );
    renderWithI18n(<OrderChangeStatusScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Accept order #14" }, SLOW));
    expect((await screen.findByRole("alert", {}, SLOW)).textContent).toBe(
      "Cannot accept the order, it has been declined or has expired",
    );
  });

  it("a guest is told the page is for staff, and nothing is asked of the server", async () => {
    await storeSession(testSession());
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderWithI18n(<OrderChangeStatusScreen />);
    expect(await screen.findByText("For the venue's staff", {}, SLOW)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
