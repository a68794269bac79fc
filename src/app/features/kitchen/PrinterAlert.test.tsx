/**
 * The kitchen in the staff shell, on any staff screen of the store's PDAs: the kitchen tab (only
 * for a store with stations) with the count ready to carry, and the alert for a station printer
 * that has failed for a minute or more, until it prints again. Edges stubbed: the router
 * (router-stub), fetch (the API), the store's STOMP topic (a fake stream), GET /utils/date (09:30 UTC).
 */
import "fake-indexeddb/auto";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PrinterStatusDto, StationDto } from "../../../domain/kitchen-api";
import { clearSession, storeSession } from "../../session/session";
import type { TerminalSpot } from "../../session/staff-device";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { resetLiveOrders } from "../staff/live/live-orders-store";
import { StaffShell } from "../staff/shell/StaffShell";
import { resetKitchenFeed } from "./kitchen-feed-store";
import { json, KITCHEN, STATIONS, STORE, ticket } from "./test-tickets";

const stream = vi.hoisted(() => ({ message: () => {} }));
vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));
vi.mock("../staff/openings/use-store-topics", () => ({
  useStoreTopics: (_storeId: number, onChange: () => void, topics?: readonly string[]) => {
    if (topics?.includes("tickets")) stream.message = onChange;
    return { connected: true };
  },
}));
vi.mock("../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T09:30:00.000Z" }));

const SLOW = { timeout: 10_000 };
const NAMES = { GRE: { name: "Αμμουδιά" }, ENG: { name: "Ammoudia Beach Hotel" } };
const hotelPda: TerminalSpot = { storeId: STORE, spotId: 7499, storeNames: NAMES, storeIsHotel: true };

const waiter = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: STORE },
});

function fakeApi(stations: StationDto[], printers: PrinterStatusDto[]) {
  const api = { stations, printers, ready: [ticket({ state: "READY", readyAt: "2026-07-01T09:29:00.000Z" })] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === "/api/staff/stations") return json(200, api.stations);
      if (path === "/api/staff/printers") return json(200, api.printers);
      if (path === "/api/staff/tickets/ready") return json(200, api.ready);
      if (path === "/api/staff/orders") return json(200, { orders: [] });
      return new Response(null, { status: 204 });
    }),
  );
  return api;
}

const failing = (since: string, waiting: number): PrinterStatusDto => ({
  stationId: KITCHEN,
  failingSince: since,
  problem: "unreachable",
  waiting,
});

beforeEach(async () => {
  await storeSession(waiter);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetKitchenFeed();
  resetLiveOrders();
  localStorage.clear();
  await clearSession();
});

describe("the kitchen tab: only for a store with stations, with what is ready to carry", () => {
  it("a store with stations: the kitchen tab beside the orders, its badge the count ready to carry", async () => {
    fakeApi(STATIONS, []);
    renderWithI18n(<StaffShell terminal={hotelPda} screen="open-tables" />);
    const nav = await screen.findByRole("navigation", { name: "Staff tabs" }, SLOW);
    await waitFor(() => expect(within(nav).getByRole("link", { name: /^Kitchen/ })).toBeTruthy(), SLOW);
    expect(
      within(nav)
        .getByRole("link", { name: /^Kitchen/ })
        .getAttribute("href"),
    ).toBe("/kitchen/for-store/7/7499");
    expect([...nav.querySelectorAll("a")].map((a) => a.querySelector(".staff-tabs__label")?.textContent)).toEqual([
      "Orders",
      "Kitchen",
      "Tables",
      "Rooms",
      "History",
      "Stock",
      "New order",
    ]);
    expect((await screen.findByTestId("ready-tickets-badge", {}, SLOW)).textContent).toBe("ready to carry: 1");
  });

  it("a store without stations: no kitchen tab, and nothing of the kitchen is asked", async () => {
    fakeApi([], []);
    const fetchMock = globalThis.fetch as ReturnType<typeof vi.fn>;
    renderWithI18n(<StaffShell terminal={hotelPda} screen="open-tables" />);
    const nav = await screen.findByRole("navigation", { name: "Staff tabs" }, SLOW);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([request]) => new URL((request as Request).url).pathname)).toContain(
        "/api/staff/stations",
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(nav).queryByRole("link", { name: /^Kitchen/ })).toBeNull();
    const asked = fetchMock.mock.calls.map(([request]) => new URL((request as Request).url).pathname);
    expect(asked).not.toContain("/api/staff/tickets/ready");
    expect(asked).not.toContain("/api/staff/printers");
  });
});

describe("the printer alert, on every staff screen of the store's PDAs", () => {
  it("a printer failing for 3 minutes with 2 tickets waiting is named in an alert", async () => {
    fakeApi(STATIONS, [failing("2026-07-01T09:27:00.000Z", 2)]);
    renderWithI18n(<StaffShell terminal={hotelPda} screen="store-order-history" />);
    await waitFor(
      () =>
        expect(screen.getByRole("alert").textContent).toBe(
          "The printer «Κουζίνα» has not printed for 3 minutes (2 tickets waiting)",
        ),
      SLOW,
    );
  });

  it("a failure under a minute old is not alerted yet; a printer that prints again leaves no alert", async () => {
    const api = fakeApi(STATIONS, [failing("2026-07-01T09:29:30.000Z", 1)]);
    renderWithI18n(<StaffShell terminal={hotelPda} screen="open-tables" />);
    await screen.findByRole("navigation", { name: "Staff tabs" }, SLOW);
    await waitFor(() => expect(screen.getByTestId("ready-tickets-badge")).toBeTruthy(), SLOW);
    expect(screen.queryByRole("alert")).toBeNull();

    // A ticket event re-reads the printers at once: a minute and more now.
    api.printers = [failing("2026-07-01T09:28:00.000Z", 1)];
    act(() => stream.message());
    await waitFor(
      () =>
        expect(screen.getByRole("alert").textContent).toBe(
          "The printer «Κουζίνα» has not printed for 2 minutes (1 ticket waiting)",
        ),
      SLOW,
    );
    api.printers = [{ stationId: KITCHEN, failingSince: null, problem: null, waiting: 0 }];
    act(() => stream.message());
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull(), SLOW);
  });
});
