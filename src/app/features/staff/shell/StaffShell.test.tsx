/**
 * The staff shell on a terminal: who sees it, its tabs per store kind, the pending
 * badge (tab and page title), and "lock" (the waiter signed out, the PIN page, the device still the
 * store's terminal). Edges stubbed: the router (router-stub), fetch (the API), the store's STOMP topic.
 */
import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderDto } from "../../../../domain/orders-api";
import { clearSession, currentSession, storeSession } from "../../../session/session";
import { type TerminalSpot, terminalSpot } from "../../../session/staff-device";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { navigate } from "../../../test-support/router-stub";
import { usePageTitle } from "../../shell/use-page-title";
import { publishLiveOrders, resetLiveOrders } from "../live/live-orders-store";
import { StaffShell } from "./StaffShell";

vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));
vi.mock("../openings/use-store-topics", () => ({ useStoreTopics: () => ({ connected: true }) }));

const HOTEL_NAMES = { GRE: { name: "Αμμουδιά" }, ENG: { name: "Ammoudia Beach Hotel" } };
const hotelPda: TerminalSpot = { storeId: 7, spotId: 7499, storeNames: HOTEL_NAMES, storeIsHotel: true };
const cafePda: TerminalSpot = { storeId: 132, spotId: 13499, storeNames: HOTEL_NAMES, storeIsHotel: false };

const SLOW = { timeout: 5000 };

function staff(role: "WAITER" | "ADMIN", storeId: number) {
  return testSession({
    user: { ...testSession().user, name: "Nikos", phone: null, email: null, role, storeId },
  });
}

const pending = (id: number) =>
  ({ id, status: "WAITING_FOR_ACCEPTANCE", createdAt: `2026-07-01T08:0${id}:00Z` }) as OrderDto;

function stubApi(orders: OrderDto[]) {
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      requests.push(request);
      await request.text();
      const path = new URL(request.url).pathname;
      if (path === "/api/staff/orders") {
        return new Response(JSON.stringify({ orders }), { headers: { "content-type": "application/json" } });
      }
      return new Response(null, { status: 204 });
    }),
  );
  return requests;
}

function Page() {
  usePageTitle("Open tables");
  return null;
}

beforeEach(() => {
  navigate.mockReset();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetLiveOrders();
  localStorage.clear();
  await clearSession();
});

describe("staff shell: one tap to every staff screen, the waiter always named", () => {
  it("a waiter on a hotel's terminal: store and waiter named, tabs to every staff screen of the PDA spot", async () => {
    stubApi([]);
    await storeSession(staff("WAITER", 7));
    renderWithI18n(<StaffShell terminal={hotelPda} screen="open-tables" />);
    // Greek is the default UI language.
    expect(await screen.findByText("Αμμουδιά", {}, SLOW)).toBeTruthy();
    expect(screen.getByText("Nikos")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Staff tabs" });
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Orders", "/order-change-status"],
      ["Tables", "/open-tables/for-store/7/7499"],
      ["Rooms", "/open-rooms/for-store/7/7499"],
      ["History", "/order-history/for-store/7/7499"],
      ["Stock", "/stock/for-store/7/7499"],
      ["New order", "/menu/7499"],
    ]);
    expect(screen.getByRole("button", { name: "Lock" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    // Only admins get the link to the admin screen.
    expect(screen.queryByRole("link", { name: "Store admin" })).toBeNull();
  });

  it("an admin of a store that is not a hotel: no open rooms tab", async () => {
    stubApi([]);
    await storeSession(staff("ADMIN", 132));
    renderWithI18n(<StaffShell terminal={cafePda} screen="open-tables" />);
    const nav = await screen.findByRole("navigation", { name: "Staff tabs" }, SLOW);
    expect(screen.getByRole("link", { name: "Store admin" }).getAttribute("href")).toBe("/staff-admin");
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Orders",
      "Tables",
      "History",
      "Stock",
      "New order",
    ]);
  });

  it("a guest, or staff of another store, signed in on the terminal: no staff shell", async () => {
    stubApi([]);
    await storeSession(testSession());
    const { container, rerender } = renderWithI18n(<StaffShell terminal={hotelPda} screen="services" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe("");
    await act(() => storeSession(staff("WAITER", 132)));
    rerender(<StaffShell terminal={hotelPda} screen="services" />);
    expect(container.innerHTML).toBe("");
  });

  it("pending orders show as a badge on the orders tab and in the page title, on any staff screen", async () => {
    const requests = stubApi([pending(1), pending(2), { ...pending(3), status: "ACCEPTED" }]);
    await storeSession(staff("WAITER", 7));
    renderWithI18n(
      <>
        <StaffShell terminal={hotelPda} screen="open-tables" />
        <Page />
      </>,
    );
    // The shell keeps the store's live orders read while the waiter is on another screen.
    const badge = await screen.findByTestId("pending-orders-badge", {}, SLOW);
    expect(badge.textContent).toBe("pending: 2");
    expect(requests.some((r) => new URL(r.url).pathname === "/api/staff/orders")).toBe(true);
    await waitFor(() => expect(document.title).toBe("(2) Open tables · Kyma"));
    act(() => publishLiveOrders(7, { orders: [], offlineSince: null, error: null, reload: async () => undefined }));
    await waitFor(() => expect(screen.queryByTestId("pending-orders-badge")).toBeNull());
    expect(document.title).toBe("Open tables · Kyma");
  });

  it("lock: the waiter is signed out and the PIN page opens; the device stays the store's terminal", async () => {
    const requests = stubApi([]);
    localStorage.setItem("staffDevice", "true");
    localStorage.setItem("terminal", JSON.stringify(hotelPda));
    await storeSession(staff("WAITER", 7));
    renderWithI18n(<StaffShell terminal={hotelPda} screen="open-tables" />);
    fireEvent.click(await screen.findByRole("button", { name: "Lock" }, SLOW));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: "/pin" }), SLOW);
    expect(await currentSession()).toBeNull();
    // The server was told (logout revokes the session), and the terminal is remembered.
    expect(requests.some((r) => r.method === "POST")).toBe(true);
    expect(terminalSpot()).toEqual(hotelPda);
  });

  it("sign out: the session ends and the PDA spot's page opens", async () => {
    stubApi([]);
    await storeSession(staff("WAITER", 7));
    renderWithI18n(<StaffShell terminal={hotelPda} screen="open-tables" />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }, SLOW));
    await waitFor(
      () => expect(navigate).toHaveBeenCalledWith({ to: "/menu/$tableId", params: { tableId: 7499 } }),
      SLOW,
    );
    expect(await currentSession()).toBeNull();
  });
});
