/**
 * The kitchen tab: what is ready to carry (live, "Taking it" once even offline) and the store's
 * stations to open a display for; a store without stations says so. Real Dexie (on
 * fake-indexeddb), the real outbox and feed; the edges are stubbed: the router (router-stub), fetch
 * (the API), the store's STOMP topic (a fake stream), GET /utils/date (09:30 UTC).
 */
import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StationDto, TicketDto } from "../../../domain/kitchen-api";
import { appDb } from "../../db/app-db";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { KitchenScreen } from "./KitchenScreen";
import { resetKitchenFeed } from "./kitchen-feed-store";
import { BEACH_BAR, json, KITCHEN, STATIONS, STORE, ticket, ticketLine } from "./test-tickets";

const stream = vi.hoisted(() => ({ connected: true, message: () => {} }));
vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));
vi.mock("../staff/openings/use-store-topics", () => ({
  useStoreTopics: (_storeId: number, onChange: () => void) => {
    stream.message = onChange;
    return { connected: stream.connected };
  },
}));
vi.mock("../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T09:30:00.000Z" }));

const SLOW = { timeout: 10_000 };
const PDA = 7499;

const waiter = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: STORE },
});

const readyFreddo = ticket({
  state: "READY",
  version: 2,
  readyAt: "2026-07-01T09:27:00.000Z",
  lines: [ticketLine({ quantity: 2, ready: true })],
});
const readySnack = ticket({
  id: 51,
  stationId: KITCHEN,
  stationNames: { GRE: { name: "Κουζίνα" }, ENG: { name: "Kitchen" } },
  state: "READY",
  version: 3,
  readyAt: "2026-07-01T09:29:00.000Z",
  lines: [ticketLine({ names: { GRE: { name: "Club sandwich" }, ENG: { name: "Club sandwich" } }, ready: true })],
});

function fakeApi(initial: TicketDto[], stations: StationDto[] = STATIONS) {
  const api = {
    ready: initial,
    offline: false,
    failedOffline: 0,
    requests: [] as Request[],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      await request.clone().text();
      if (api.offline) {
        api.failedOffline += 1;
        throw new TypeError("Failed to fetch");
      }
      api.requests.push(request.clone());
      const url = new URL(request.url);
      if (request.method === "GET" && url.pathname === "/api/staff/stations") return json(200, stations);
      if (request.method === "GET" && url.pathname === "/api/staff/tickets/ready") return json(200, api.ready);
      if (request.method === "GET" && url.pathname === "/api/staff/printers") return json(200, []);
      const pickedUp = /^\/api\/staff\/stations\/(\d+)\/tickets\/(\d+)\/picked-up$/.exec(url.pathname);
      if (request.method === "POST" && pickedUp) {
        const taken = api.ready.find((t) => t.id === Number(pickedUp[2]));
        api.ready = api.ready.filter((t) => t !== taken);
        return json(200, { ...taken, state: "PICKED_UP", version: (taken?.version ?? 0) + 1 });
      }
      return json(404, { code: "NOT_FOUND", message: url.pathname });
    }),
  );
  return api;
}

const readyList = () => screen.getByRole("list", { name: "Ready to carry, the oldest first" });
const posts = (api: { requests: Request[] }) => api.requests.filter((request) => request.method === "POST");

beforeEach(async () => {
  stream.connected = true;
  await storeSession(waiter);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetKitchenFeed();
  localStorage.clear();
  await appDb().pendingStaffActions.clear();
  await clearSession();
});

describe("ready to carry: the waiter sees what the stations made", () => {
  it("lists each ready ticket with its number, spot, station and lines, the oldest first", async () => {
    fakeApi([readyFreddo, readySnack]);
    renderWithI18n(<KitchenScreen storeId={STORE} tableId={PDA} />);
    await waitFor(() => expect(within(readyList()).getAllByRole("article")).toHaveLength(2), SLOW);
    const [first, second] = within(readyList()).getAllByRole("article");
    expect(within(first as HTMLElement).getByRole("heading").textContent).toBe("#12 · Ομπρέλα 1");
    expect(first?.textContent).toContain("Μπαρ παραλίας");
    expect(first?.textContent).toContain("2 × Φρέντο εσπρέσο");
    expect(first?.textContent).toContain("Ready for 3 min");
    expect(second?.textContent).toContain("Κουζίνα");
    expect(second?.textContent).toContain("1 × Club sandwich");
  });

  it("a ticket made arrives on a message of the tickets topic, without a reload", async () => {
    const api = fakeApi([]);
    renderWithI18n(<KitchenScreen storeId={STORE} tableId={PDA} />);
    expect(await screen.findByText("Nothing waiting to be carried.", {}, SLOW)).toBeTruthy();
    api.ready = [readyFreddo];
    act(() => stream.message());
    await waitFor(() => expect(within(readyList()).getAllByRole("article")).toHaveLength(1), SLOW);
  });

  it("'Taking it' goes out once with an Idempotency-Key and the ticket leaves the list", async () => {
    const api = fakeApi([readyFreddo, readySnack]);
    renderWithI18n(<KitchenScreen storeId={STORE} tableId={PDA} />);
    fireEvent.click(await screen.findByRole("button", { name: "Taking it #12 · Ομπρέλα 1 · Κουζίνα" }, SLOW));
    await waitFor(() => expect(within(readyList()).getAllByRole("article")).toHaveLength(1), SLOW);
    expect(readyList().textContent).toContain("Μπαρ παραλίας");
    const [sent] = posts(api);
    expect(posts(api)).toHaveLength(1);
    expect(new URL(sent?.url ?? "").pathname).toBe(`/api/staff/stations/${KITCHEN}/tickets/51/picked-up`);
    expect(sent?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("offline, 'Taking it' says it waits to be sent, keeps the ticket listed, and goes out once when back", async () => {
    stream.connected = false;
    const api = fakeApi([readyFreddo]);
    renderWithI18n(<KitchenScreen storeId={STORE} tableId={PDA} />);
    const take = await screen.findByRole("button", { name: "Taking it #12 · Ομπρέλα 1 · Μπαρ παραλίας" }, SLOW);
    api.offline = true;
    fireEvent.click(take);
    expect(await screen.findByText("Taking it: waiting to be sent…", {}, SLOW)).toBeTruthy();
    expect(within(readyList()).getAllByRole("article")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /^Taking it/ })).toBeNull();

    api.offline = false;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("Nothing waiting to be carried.", {}, SLOW)).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });
});

describe("the stations' displays", () => {
  it("links each station with a display to its screen, under the terminal's spot", async () => {
    fakeApi([]);
    renderWithI18n(<KitchenScreen storeId={STORE} tableId={PDA} />);
    const nav = await screen.findByRole("navigation", { name: "Station displays" }, SLOW);
    expect([...nav.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Μπαρ παραλίας", `/kitchen/for-store/${STORE}/${PDA}/${BEACH_BAR}`],
      ["Κουζίνα", `/kitchen/for-store/${STORE}/${PDA}/${KITCHEN}`],
    ]);
  });

  it("a store whose venue file names no station says so, and asks for no tickets", async () => {
    const api = fakeApi([], []);
    renderWithI18n(<KitchenScreen storeId={STORE} tableId={PDA} />);
    expect(await screen.findByText(/This store has no kitchen or bar stations/, {}, SLOW)).toBeTruthy();
    expect(api.requests.map((request) => new URL(request.url).pathname)).toEqual(["/api/staff/stations"]);
  });
});
