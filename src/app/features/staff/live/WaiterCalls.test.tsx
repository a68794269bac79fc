/**
 * Guests call the waiter from their bill (to pay in cash or on the card terminal, or just for a
 * waiter): the call reaches the waiter's PDA like a new order (its topic, the same tone, the orders
 * tab's count), shows above the orders with what the table owes, and "On my way" answers it once
 * through the staff-action outbox, offline too. Real Dexie (fake-indexeddb), outbox and stores; the
 * edges stubbed: fetch (the API), the store's STOMP topics, the router, GET /utils/date, Web Audio.
 */
import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WaiterCall } from "../../../../domain/bill-api";
import { appDb } from "../../../db/app-db";
import { clearSession, storeSession } from "../../../session/session";
import type { TerminalSpot } from "../../../session/staff-device";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { OrderChangeStatusScreen } from "../OrderChangeStatusScreen";
import { StaffShell } from "../shell/StaffShell";
import { resetLiveOrders } from "./live-orders-store";
import { ORDER_ALERT_EVENT, VIBRATION_PATTERN_MS } from "./order-alert";
import { resetWaiterCalls } from "./waiter-calls-store";

/** The store's STOMP topics: "connected", the topics asked for, and a message the test delivers. */
const stream = vi.hoisted(() => ({
  connected: true,
  topics: [] as readonly string[],
  message: (_event?: unknown) => {},
}));
vi.mock("../openings/use-store-topics", () => ({
  useStoreTopics: (_storeId: number, onChange: (event?: unknown) => void, topics: readonly string[] = []) => {
    stream.message = onChange;
    stream.topics = topics;
    return { connected: stream.connected };
  },
}));
vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));
vi.mock("../../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T18:06:00.000Z" }));

const STORE = 7;
const SLOW = { timeout: 10_000 };

function call(overrides: Partial<WaiterCall> = {}): WaiterCall {
  return {
    id: 5,
    storeId: STORE,
    spot: { id: 7006, names: { GRE: { name: "Τραπέζι 6" }, ENG: { name: "Table 6" } }, type: "TABLE", section: "Μέσα" },
    kind: "PAY_CARD_TERMINAL",
    amountCents: 2300,
    tipCents: 200,
    owedCents: 2500,
    openingId: 72,
    // 21:03 in Athens.
    at: "2026-07-01T18:03:00.000Z",
    answeredAt: null,
    answeredByName: null,
    ...overrides,
  };
}

const waiterSession = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: STORE },
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A fake API: the listed calls (changeable), no pending orders, every request recorded, `offline` fails them all. */
function fakeApi(initial: WaiterCall[]) {
  const api = {
    calls: initial,
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
      await request.text();
      const path = new URL(request.url).pathname;
      if (request.method === "GET" && path === "/api/staff/orders") return json(200, { orders: [] });
      if (request.method === "GET" && path === "/api/staff/calls") return json(200, { calls: api.calls });
      return api.answer(request) ?? json(404, { code: "NOT_FOUND", message: path });
    }),
  );
  return api;
}

const posts = (api: { requests: Request[] }) => api.requests.filter((r) => r.method === "POST");
const text = (element: HTMLElement) => element.textContent?.replaceAll("\u00a0", " ") ?? "";
const callsList = () => screen.queryByRole("list", { name: "Guests calling, the oldest first" });

beforeEach(async () => {
  stream.connected = true;
  await storeSession(waiterSession);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetLiveOrders();
  resetWaiterCalls();
  localStorage.clear();
  await appDb().pendingStaffActions.clear();
  await clearSession();
});

describe("a guest's call reaches the waiter like a new order", () => {
  it("a call arriving on the store's calls topic is listed above the orders, with its time, the guest's amount and tip, what the table owes, and rings the order tone once", async () => {
    const api = fakeApi([]);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, vibrate });
    const tones: number[] = [];
    vi.stubGlobal("AudioContext", fakeAudioContext(tones));
    const alerts: CustomEvent[] = [];
    const listener = (event: Event) => alerts.push(event as CustomEvent);
    window.addEventListener(ORDER_ALERT_EVENT, listener);
    try {
      renderWithI18n(<OrderChangeStatusScreen />);
      expect(await screen.findByText("No pending orders right now.", {}, SLOW)).toBeTruthy();
      expect(stream.topics).toContain("calls");

      api.calls = [call()];
      act(() =>
        stream.message({ storeId: STORE, callId: 5, spotId: 7006, kind: "PAY_CARD_TERMINAL", answered: false }),
      );
      const card = await screen.findByRole("article", { name: "Τραπέζι 6 asks for the bill, card terminal" }, SLOW);
      expect(within(callsList() as HTMLElement).getAllByRole("article")).toHaveLength(1);
      expect(text(card)).toContain("at 21:03");
      expect(text(card)).toContain("Pays 23,00 € + tip 2,00 €");
      expect(text(card)).toContain("The table owes 25,00 € now");
      // The table's bill, one tap away.
      expect(within(card).getByRole("link", { name: "Open Τραπέζι 6" }).getAttribute("href")).toBe(
        "/open-tables/for-store/7/7006/72",
      );
      await waitFor(() => expect(alerts).toHaveLength(1));
      expect(alerts[0]?.detail).toEqual({ newOrders: 0, newCalls: 1 });
      expect(vibrate).toHaveBeenCalledWith(VIBRATION_PATTERN_MS);
      expect(tones).toEqual([880, 1320]);

      // Read again: the same call does not ring again.
      act(() => stream.message());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(alerts).toHaveLength(1);
    } finally {
      window.removeEventListener(ORDER_ALERT_EVENT, listener);
    }
  });

  it.each([
    ["PAY_CASH", { kind: "PAY_CASH", tipCents: null }, "Τραπέζι 6 asks for the bill, cash", "Pays 23,00 €"] as const,
    ["CALL", { kind: "CALL", amountCents: null, tipCents: null }, "Τραπέζι 6 calls a waiter", null] as const,
  ])("a %s call reads as such", async (_kind, overrides, title, amount) => {
    fakeApi([call(overrides)]);
    renderWithI18n(<OrderChangeStatusScreen />);
    const card = await screen.findByRole("article", { name: title }, SLOW);
    if (amount === null) expect(text(card)).not.toContain("Pays");
    else expect(text(card)).toContain(amount);
    expect(text(card)).not.toContain("tip");
    expect(text(card)).toContain("The table owes 25,00 € now");
  });

  it("a call waiting when the waiter signs in is listed without ringing; a muted PDA lists a new one without ringing either", async () => {
    const api = fakeApi([call()]);
    const alerts: Event[] = [];
    const listener = (event: Event) => alerts.push(event);
    window.addEventListener(ORDER_ALERT_EVENT, listener);
    try {
      renderWithI18n(<OrderChangeStatusScreen />);
      await screen.findByRole("article", { name: "Τραπέζι 6 asks for the bill, card terminal" }, SLOW);
      fireEvent.click(screen.getByRole("button", { name: "Mute alerts" }));
      api.calls = [call(), call({ id: 6, kind: "CALL" })];
      act(() => stream.message({ callId: 6 }));
      await screen.findByRole("article", { name: "Τραπέζι 6 calls a waiter" }, SLOW);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(alerts).toHaveLength(0);
    } finally {
      window.removeEventListener(ORDER_ALERT_EVENT, listener);
    }
  });

  it("calls are polled while the stream is down, as the orders are", async () => {
    stream.connected = false;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeApi([]);
      renderWithI18n(<OrderChangeStatusScreen />);
      const callReads = () => api.requests.filter((r) => new URL(r.url).pathname === "/api/staff/calls").length;
      expect(await screen.findByText("No pending orders right now.", {}, SLOW)).toBeTruthy();
      await waitFor(() => expect(callReads()).toBe(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      api.calls = [call()];
      // No message on the topic: the next poll (3 s) finds it.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_100);
      });
      expect(
        await screen.findByRole("article", { name: "Τραπέζι 6 asks for the bill, card terminal" }, SLOW),
      ).toBeTruthy();
      expect(callReads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a call counts in the orders tab's badge with the pending orders", async () => {
    fakeApi([call(), call({ id: 6, kind: "CALL" })]);
    const terminal: TerminalSpot = {
      storeId: STORE,
      spotId: 7499,
      storeNames: { GRE: { name: "Αμμουδιά" }, ENG: { name: "Ammoudia" } },
      storeIsHotel: false,
    };
    renderWithI18n(<StaffShell terminal={terminal} screen="open-tables" />);
    const badge = await screen.findByTestId("pending-orders-badge", {}, SLOW);
    expect(text(badge)).toBe("pending: 2");
  });
});

describe("On my way: a call answered once, through the staff-action outbox", () => {
  it("On my way goes out with an Idempotency-Key; the card leaves once the server has the call answered", async () => {
    const api = fakeApi([call()]);
    api.answer = (request) => {
      if (new URL(request.url).pathname !== "/api/staff/calls/5/answer") return null;
      api.calls = [];
      return json(200, { ...call(), answeredAt: "2026-07-01T18:06:00.000Z", answeredByName: "Nikos" });
    };
    renderWithI18n(<OrderChangeStatusScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "On my way to Τραπέζι 6" }, SLOW));
    await waitFor(() => expect(callsList()).toBeNull(), SLOW);
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("On my way tapped offline waits on the card, then goes out once when the connection returns", async () => {
    const api = fakeApi([call()]);
    api.answer = (request) => {
      if (new URL(request.url).pathname !== "/api/staff/calls/5/answer") return null;
      api.calls = [];
      return json(200, { ...call(), answeredAt: "2026-07-01T18:06:00.000Z", answeredByName: "Nikos" });
    };
    renderWithI18n(<OrderChangeStatusScreen />);
    const button = await screen.findByRole("button", { name: "On my way to Τραπέζι 6" }, SLOW);
    api.offline = true;
    fireEvent.click(button);
    const card = screen.getByRole("article", { name: "Τραπέζι 6 asks for the bill, card terminal" });
    expect(await within(card).findByText("“On my way” waiting to be sent…", {}, SLOW)).toBeTruthy();
    expect(within(card).queryByRole("button")).toBeNull();
    expect(await appDb().pendingStaffActions.count()).toBe(1);

    api.offline = false;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(callsList()).toBeNull(), SLOW);
    expect(posts(api)).toHaveLength(1);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });

  it("CALL_ALREADY_ANSWERED: another waiter was first, and the screen says who and when", async () => {
    const api = fakeApi([call()]);
    api.answer = () => {
      api.calls = [];
      return json(409, {
        code: "CALL_ALREADY_ANSWERED",
        message: "answered",
        // 21:05 in Athens.
        details: { byName: "Maria", at: "2026-07-01T18:05:00.000Z" },
      });
    };
    renderWithI18n(<OrderChangeStatusScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "On my way to Τραπέζι 6" }, SLOW));
    // Said on the card at once, and still said, naming the call, once it has left the list.
    await waitFor(() => expect(callsList()).toBeNull(), SLOW);
    expect(text(screen.getByRole("alert"))).toBe(
      "Τραπέζι 6 asks for the bill, card terminal: Maria answered it at 21:05",
    );
  });
});

/** A Web Audio stand-in that records the frequencies of the tones started. */
function fakeAudioContext(tones: number[]) {
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  return class {
    currentTime = 0;
    destination = {};
    resume = async () => undefined;
    createGain() {
      return { gain: param(), connect: (next: unknown) => next };
    }
    createOscillator() {
      const oscillator = {
        frequency: param(),
        connect: (next: unknown) => next,
        start: () => tones.push(oscillator.frequency.value),
        stop: vi.fn(),
      };
      return oscillator;
    }
  };
}
