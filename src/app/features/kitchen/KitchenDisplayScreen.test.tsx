/**
 * A station's kitchen display: live tickets oldest first with their age, a line or a ticket marked
 * ready, canceled pieces struck, a ready tapped offline shown as waiting and sent once, a new
 * ticket's beep, recall. Real Dexie (on fake-indexeddb), the real outbox; the edges are stubbed:
 * fetch (the API), the store's STOMP topic (a fake stream whose messages the test sends), GET
 * /utils/date (the server's clock: 09:30 UTC) and Web Audio.
 */
import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TicketDto } from "../../../domain/kitchen-api";
import { appDb } from "../../db/app-db";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { KitchenDisplayScreen } from "./KitchenDisplayScreen";
import { BEACH_BAR, json, KITCHEN, STATIONS, STORE, ticket, ticketLine } from "./test-tickets";
import { TICKET_ALERT_EVENT } from "./ticket-alert";

/** The store's tickets topic: "connected", and a message the test delivers. */
const stream = vi.hoisted(() => ({ connected: true, message: () => {} }));
vi.mock("../staff/openings/use-store-topics", () => ({
  useStoreTopics: (_storeId: number, onChange: () => void) => {
    stream.message = onChange;
    return { connected: stream.connected };
  },
}));
vi.mock("../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T09:30:00.000Z" }));

const SLOW = { timeout: 10_000 };

const cook = testSession({
  user: { ...testSession().user, name: "Eleni", phone: null, email: null, role: "WAITER", storeId: STORE },
});

/** A fake API: the station's tickets (changeable), the last made, every request recorded, `offline` fails them all. */
function fakeApi(initial: TicketDto[]) {
  const api = {
    tickets: initial,
    made: [] as TicketDto[],
    offline: false,
    failedOffline: 0,
    requests: [] as Request[],
    answer: (_request: Request): Response | null => null,
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
      if (request.method === "GET" && url.pathname === "/api/staff/stations") return json(200, STATIONS);
      if (request.method === "GET" && /^\/api\/staff\/stations\/\d+\/tickets$/.test(url.pathname)) {
        return json(200, url.searchParams.get("state") === "READY" ? api.made : api.tickets);
      }
      return api.answer(request) ?? json(404, { code: "NOT_FOUND", message: url.pathname });
    }),
  );
  return api;
}

const headings = () => screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
const posts = (api: { requests: Request[] }) => api.requests.filter((request) => request.method === "POST");
const card = (name: string) => screen.getByRole("article", { name });

beforeEach(async () => {
  stream.connected = true;
  await storeSession(cook);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await appDb().pendingStaffActions.clear();
  await clearSession();
});

describe("the display: live tickets, the oldest first, with their age", () => {
  it("shows the tickets oldest first, left to right, each late one in colour, icon and word", async () => {
    fakeApi([
      ticket({ id: 43, dailyNumber: 14, createdAt: "2026-07-01T09:28:00.000Z" }),
      ticket({ id: 41, dailyNumber: 12, createdAt: "2026-07-01T09:10:00.000Z" }),
      ticket({ id: 42, dailyNumber: 13, createdAt: "2026-07-01T09:20:00.000Z" }),
    ]);
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    await waitFor(() => expect(headings()).toEqual(["#12 · Ομπρέλα 1", "#13 · Ομπρέλα 1", "#14 · Ομπρέλα 1"]), SLOW);
    // The station's name from the store's stations, in the content language (Greek by default).
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Μπαρ παραλίας");
    await waitFor(() => expect(card("#12 · Ομπρέλα 1").textContent).toContain("20 min"), SLOW);
    expect(card("#12 · Ομπρέλα 1").className).toContain("ticket--overdue");
    expect(card("#12 · Ομπρέλα 1").textContent).toContain("Overdue");
    expect(card("#13 · Ομπρέλα 1").className).toContain("ticket--late");
    expect(card("#13 · Ομπρέλα 1").textContent).toContain("Late10 min");
    expect(card("#14 · Ομπρέλα 1").className).toContain("ticket--fresh");
    expect(card("#14 · Ομπρέλα 1").textContent).toContain("On time2 min");
    // Every age has an icon beside its word, never the colour alone.
    for (const article of screen.getAllByRole("article"))
      expect(article.querySelector(".ticket-age svg")).not.toBeNull();
  });

  it("a ticket sent to the station appears on a message of the store's tickets topic, beeps once and is announced", async () => {
    const api = fakeApi([ticket()]);
    const beeps: Event[] = [];
    const listener = (event: Event) => beeps.push(event);
    window.addEventListener(TICKET_ALERT_EVENT, listener);
    try {
      renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
      await waitFor(() => expect(headings()).toEqual(["#12 · Ομπρέλα 1"]), SLOW);
      // What was waiting when the display opened does not beep.
      expect(beeps).toHaveLength(0);

      api.tickets = [
        ticket(),
        ticket({
          id: 44,
          dailyNumber: 15,
          createdAt: "2026-07-01T09:29:30.000Z",
          spotNames: { GRE: { name: "Ομπρέλα 3" }, ENG: { name: "Umbrella 3" } },
          lines: [ticketLine({ quantity: 2 })],
        }),
      ];
      act(() => stream.message());
      await waitFor(() => expect(headings()).toEqual(["#12 · Ομπρέλα 1", "#15 · Ομπρέλα 3"]), SLOW);
      await waitFor(() => expect(beeps).toHaveLength(1));
      expect((beeps[0] as CustomEvent).detail).toEqual({ newTickets: 1 });
      const announcements = screen.getAllByRole("status").map((region) => region.textContent);
      expect(announcements).toContain("New ticket #15 · Ομπρέλα 3: 2 × Φρέντο εσπρέσο");

      // Read again: the same tickets do not beep again.
      act(() => stream.message());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(beeps).toHaveLength(1);
    } finally {
      window.removeEventListener(TICKET_ALERT_EVENT, listener);
    }
  });

  it("muted on this device, a new ticket does not beep; the choice is kept", async () => {
    const api = fakeApi([ticket()]);
    const beeps: Event[] = [];
    const listener = (event: Event) => beeps.push(event);
    window.addEventListener(TICKET_ALERT_EVENT, listener);
    try {
      renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
      const mute = await screen.findByRole("button", { name: "Mute sound" }, SLOW);
      expect(mute.getAttribute("aria-pressed")).toBe("false");
      fireEvent.click(mute);
      await waitFor(() => expect(mute.getAttribute("aria-pressed")).toBe("true"));
      expect(localStorage.getItem("kitchenSoundMuted")).toBe("true");
      await waitFor(() => expect(headings()).toHaveLength(1), SLOW);
      api.tickets = [ticket(), ticket({ id: 44, dailyNumber: 15 })];
      act(() => stream.message());
      await waitFor(() => expect(headings()).toHaveLength(2), SLOW);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(beeps).toHaveLength(0);
    } finally {
      window.removeEventListener(TICKET_ALERT_EVENT, listener);
    }
  });
});

describe("marking ready: a line, or the whole ticket", () => {
  it("a line tapped goes out with an Idempotency-Key and shows ready at once", async () => {
    const api = fakeApi([
      ticket({
        lines: [ticketLine(), ticketLine({ index: 1, names: { GRE: { name: "Φραπέ" }, ENG: { name: "Frappé" } } })],
      }),
    ]);
    api.answer = (request) => {
      if (new URL(request.url).pathname !== `/api/staff/stations/${BEACH_BAR}/tickets/41/lines/1/ready`) return null;
      const made = ticket({
        version: 2,
        lines: [
          ticketLine(),
          ticketLine({ index: 1, names: { GRE: { name: "Φραπέ" }, ENG: { name: "Frappé" } }, ready: true }),
        ],
      });
      api.tickets = [made];
      return json(200, made);
    };
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    fireEvent.click(await screen.findByRole("button", { name: "1 × Φραπέ (tap: ready)" }, SLOW));
    const frappe = await within(card("#12 · Ομπρέλα 1")).findByText("Ready", {}, SLOW);
    expect(frappe.closest(".ticket-line")?.textContent).toContain("Φραπέ");
    // The line is done: nothing to tap on it; the other line still is a button.
    expect(screen.queryByRole("button", { name: "1 × Φραπέ (tap: ready)" })).toBeNull();
    expect(screen.getByRole("button", { name: "1 × Φρέντο εσπρέσο (tap: ready)" })).toBeTruthy();
    const [sent] = posts(api);
    expect(posts(api)).toHaveLength(1);
    expect(sent?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sent?.json()).toEqual({});
  });

  it("'All ready' takes the ticket off the display once the server has it", async () => {
    const api = fakeApi([ticket(), ticket({ id: 42, dailyNumber: 13, createdAt: "2026-07-01T09:29:00.000Z" })]);
    api.answer = (request) => {
      if (new URL(request.url).pathname !== `/api/staff/stations/${BEACH_BAR}/tickets/41/ready`) return null;
      api.tickets = [ticket({ id: 42, dailyNumber: 13, createdAt: "2026-07-01T09:29:00.000Z" })];
      return json(200, ticket({ version: 2, state: "READY", lines: [ticketLine({ ready: true })] }));
    };
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    fireEvent.click(await screen.findByRole("button", { name: "All ready #12 · Ομπρέλα 1" }, SLOW));
    await waitFor(() => expect(headings()).toEqual(["#13 · Ομπρέλα 1"]), SLOW);
    expect(posts(api).map((request) => new URL(request.url).pathname)).toEqual([
      `/api/staff/stations/${BEACH_BAR}/tickets/41/ready`,
    ]);
  });

  it("a ticket another screen marked meanwhile: the refusal is said on the ticket", async () => {
    const api = fakeApi([ticket()]);
    api.answer = () => json(409, { code: "TICKET_CHANGED", message: "ready already", details: { state: "READY" } });
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    fireEvent.click(await screen.findByRole("button", { name: "All ready #12 · Ομπρέλα 1" }, SLOW));
    expect((await within(card("#12 · Ομπρέλα 1")).findByRole("alert", {}, SLOW)).textContent).toBe(
      "Someone else already changed this ticket; the screen shows it as it is now",
    );
  });
});

describe("a ticket changed after it was sent", () => {
  it("says 'Changed', strikes the canceled pieces, and a wholly canceled line has nothing to tap", async () => {
    fakeApi([
      ticket({
        changed: true,
        lines: [
          ticketLine({ quantity: 3, canceledQuantity: 1 }),
          ticketLine({
            index: 1,
            names: { GRE: { name: "Club sandwich" }, ENG: { name: "Club sandwich" } },
            canceledQuantity: 1,
          }),
        ],
      }),
    ]);
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    await waitFor(() => expect(headings()).toEqual(["#12 · Ομπρέλα 1"]), SLOW);
    const ticketCard = card("#12 · Ομπρέλα 1");
    expect(within(ticketCard).getByText("Changed")).toBeTruthy();
    // Two of three freddos still wanted: the 3 as sent struck, the one canceled named.
    const freddo = screen.getByRole("button", { name: /^3 2 × Φρέντο εσπρέσο/ });
    expect(freddo.querySelector("s")?.textContent).toBe("3");
    expect(freddo.textContent).toContain("1 canceled");
    // The sandwich is canceled outright: struck through, said, no button.
    const sandwich = within(ticketCard).getByText("Canceled").closest(".ticket-line");
    expect(sandwich?.tagName).toBe("P");
    expect(sandwich?.querySelector("s")?.textContent).toContain("Club sandwich");
    expect(within(ticketCard).queryByRole("button", { name: /Club sandwich/ })).toBeNull();
  });
});

describe("a ticket the floor canceled wholly", () => {
  it("stays a while, struck through and said, with nothing to tap", async () => {
    fakeApi([ticket({ state: "CANCELED", changed: true, lines: [ticketLine({ quantity: 2, canceledQuantity: 2 })] })]);
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    await waitFor(() => expect(headings()).toEqual(["#12 · Ομπρέλα 1"]), SLOW);
    const ticketCard = card("#12 · Ομπρέλα 1");
    expect(within(ticketCard).getByText("Canceled by the floor")).toBeTruthy();
    expect(within(ticketCard).queryByRole("button")).toBeNull();
  });
});

describe("offline: the last tickets stay, a ready tapped offline waits and goes out once", () => {
  it("keeps the tickets with 'offline since'; a line tapped is shown waiting, not ready, then sent once", async () => {
    stream.connected = false;
    const api = fakeApi([ticket()]);
    api.answer = (request) => {
      if (!new URL(request.url).pathname.endsWith("/tickets/41/lines/0/ready")) return null;
      const made = ticket({ version: 2, state: "READY", lines: [ticketLine({ ready: true })] });
      api.tickets = [];
      return json(200, made);
    };
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    await waitFor(() => expect(headings()).toEqual(["#12 · Ομπρέλα 1"]), SLOW);

    api.offline = true;
    act(() => stream.message()); // a read that gets no answer
    expect(await screen.findByText(/^Offline since \d\d:\d\d: showing the last known tickets$/, {}, SLOW)).toBeTruthy();
    expect(headings()).toEqual(["#12 · Ομπρέλα 1"]);

    const failedBefore = api.failedOffline;
    fireEvent.click(screen.getByRole("button", { name: "1 × Φρέντο εσπρέσο (tap: ready)" }));
    await waitFor(() => expect(api.failedOffline).toBeGreaterThan(failedBefore), SLOW);
    const ticketCard = card("#12 · Ομπρέλα 1");
    expect(await within(ticketCard).findByText("Waiting to be sent…", {}, SLOW)).toBeTruthy();
    // Pending, not done: no "Ready" on the line, and no second tap on it.
    expect(within(ticketCard).queryByText("Ready")).toBeNull();
    expect(within(ticketCard).queryByRole("button", { name: /Φρέντο εσπρέσο/ })).toBeNull();
    expect(await appDb().pendingStaffActions.count()).toBe(1);

    api.offline = false;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("No tickets to make right now.", {}, SLOW)).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("reloaded offline, the display shows the tickets kept on the device", async () => {
    localStorage.setItem(
      "staffLastReads",
      JSON.stringify({ [`tickets:${BEACH_BAR}`]: { data: [ticket()], at: "2026-07-01T09:29:00.000Z" } }),
    );
    const api = fakeApi([]);
    api.offline = true;
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    expect(await screen.findByText("Offline since 12:29: showing the last known tickets", {}, SLOW)).toBeTruthy();
    expect(headings()).toEqual(["#12 · Ομπρέλα 1"]);
  });
});

describe("recall: the last tickets made, back on the display", () => {
  it("lists the last ready and puts one back with 'Recall'", async () => {
    const made = ticket({
      version: 2,
      state: "READY",
      readyAt: "2026-07-01T09:29:00.000Z",
      lines: [ticketLine({ ready: true })],
    });
    const api = fakeApi([]);
    api.made = [made];
    api.answer = (request) => {
      if (new URL(request.url).pathname !== `/api/staff/stations/${BEACH_BAR}/tickets/41/recall`) return null;
      api.made = [];
      api.tickets = [ticket({ version: 3 })];
      return json(200, ticket({ version: 3 }));
    };
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    expect(await screen.findByText("No tickets to make right now.", {}, SLOW)).toBeTruthy();
    const toggle = screen.getByRole("button", { name: "Last ready" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    const recent = await screen.findByRole("region", { name: "Last ready" }, SLOW);
    expect((await within(recent).findByText(/ready at 12:29/, {}, SLOW)).textContent).toContain("#12 · Ομπρέλα 1");
    // The beach bar has no printer: nothing to print again.
    expect(within(recent).queryByRole("button", { name: /again/ })).toBeNull();
    fireEvent.click(within(recent).getByRole("button", { name: "Recall #12 · Ομπρέλα 1" }));
    await waitFor(() => expect(headings()).toContain("#12 · Ομπρέλα 1"), SLOW);
    expect(await within(recent).findByText("Nothing marked ready yet.", {}, SLOW)).toBeTruthy();
  });
});

describe("a station that prints", () => {
  it("prints a ticket made again from the last ready (the server marks it a copy), through the outbox", async () => {
    const made = ticket({ stationId: KITCHEN, version: 2, state: "READY", readyAt: "2026-07-01T09:29:00.000Z" });
    const api = fakeApi([]);
    api.made = [made];
    api.answer = (request) =>
      new URL(request.url).pathname === `/api/staff/stations/${KITCHEN}/tickets/41/reprint`
        ? json(200, { ...made, version: 3 })
        : null;
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={KITCHEN} />);
    fireEvent.click(await screen.findByRole("button", { name: "Last ready" }, SLOW));
    const recent = await screen.findByRole("region", { name: "Last ready" }, SLOW);
    fireEvent.click(await within(recent).findByRole("button", { name: "Print #12 · Ομπρέλα 1 again" }, SLOW));
    await waitFor(() => expect(posts(api)).toHaveLength(1), SLOW);
    expect(posts(api)[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("who sees the display", () => {
  it("a guest gets the not-allowed screen, and nothing is asked of the server", async () => {
    await storeSession(testSession());
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderWithI18n(<KitchenDisplayScreen storeId={STORE} stationId={BEACH_BAR} />);
    expect(await screen.findByText("This screen is for the staff of this store", {}, SLOW)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
