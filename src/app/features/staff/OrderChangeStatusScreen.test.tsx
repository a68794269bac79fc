/**
 * The waiter's live orders (spec §2 order-change-status: heard at once, decided once even offline). Real Dexie (on
 * fake-indexeddb), the real outbox and store; the edges are stubbed: fetch (the API), the store's
 * STOMP topic (a fake stream whose messages the test sends), GET /utils/date, Web Audio and vibrate.
 */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderDto } from "../../../domain/orders-api";
import { appDb } from "../../db/app-db";
import { selectLanguage } from "../../i18n/language-store";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { resetLiveOrders } from "./live/live-orders-store";
import { ORDER_ALERT_EVENT, VIBRATION_PATTERN_MS } from "./live/order-alert";
import { OrderChangeStatusScreen } from "./OrderChangeStatusScreen";

/** The store's STOMP topic: "connected", and a message the test delivers. */
const stream = vi.hoisted(() => ({ connected: true, message: () => {} }));
vi.mock("./openings/use-store-topics", () => ({
  useStoreTopics: (_storeId: number, onChange: () => void) => {
    stream.message = onChange;
    return { connected: stream.connected };
  },
}));
// The server's clock: 08:05:00 UTC, five minutes before the first order's deadline.
vi.mock("../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T08:05:00.000Z" }));

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

const newer = pendingOrder({
  id: 32,
  dailyNumber: 15,
  spotName: "Umbrella 3",
  spotNames: { GRE: { name: "Ομπρέλα 3" }, ENG: { name: "Umbrella 3" } },
  createdAt: "2026-07-01T08:02:00.000Z",
  acceptanceDeadline: "2026-07-01T08:12:00.000Z",
});

/** IndexedDB and the first fetch can take over a second on a busy machine. */
// Generous: on a loaded 2-core machine the outbox flush after "online" took over 5 s once.
const SLOW = { timeout: 10_000 };

const waiterSession = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: 7 },
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A fake API: the listed orders (changeable), every request recorded, `offline` fails them all. */
function fakeApi(initial: OrderDto[]) {
  const api = {
    orders: initial,
    offline: false,
    /** Requests that failed for want of a network. */
    failedOffline: 0,
    requests: [] as Request[],
    answer: (request: Request): Response | null => {
      void request;
      return null;
    },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      if (api.offline) {
        api.failedOffline += 1;
        // Read what was sent, as the online path does: ky waits for a sent body to be read.
        await request.text();
        throw new TypeError("Failed to fetch");
      }
      api.requests.push(request.clone());
      // As a server does, read the body first (ky waits until a sent body was read).
      await request.text();
      const path = new URL(request.url).pathname;
      if (request.method === "GET" && path === "/api/staff/orders") return json(200, { orders: api.orders });
      return api.answer(request) ?? json(404, { code: "NOT_FOUND", message: path });
    }),
  );
  return api;
}

const headings = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
const posts = (api: { requests: Request[] }) => api.requests.filter((r) => r.method === "POST");

beforeEach(async () => {
  stream.connected = true;
  await storeSession(waiterSession);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetLiveOrders();
  localStorage.clear();
  await appDb().pendingStaffActions.clear();
  await clearSession();
});

describe("live orders: heard the moment they are placed, decided from the card", () => {
  it("lists pending orders the oldest first, each with its ticking time left before it times out", async () => {
    fakeApi([newer, pendingOrder(), pendingOrder({ id: 30, status: "ACCEPTED", dailyNumber: 13 })]);
    renderWithI18n(<OrderChangeStatusScreen />);
    await waitFor(() => expect(headings()).toEqual(["Order #14 · Ομπρέλα 12", "Order #15 · Ομπρέλα 3"]), SLOW);
    const first = screen.getByRole("article", { name: "Order #14 · Ομπρέλα 12" });
    // Content in the menu language (Greek by default), prices as euros.
    expect(within(first).getByRole("listitem").textContent?.replaceAll("\u00a0", " ")).toBe(
      "2 × Freddo espresso (el) (Medium (el)) 7,00 €",
    );
    expect(within(first).getByText("Scheduled for 11:30")).toBeTruthy();
    // The server's clock says 08:05:00: five minutes left, then it ticks down.
    await waitFor(() => expect(first.querySelector("time")?.textContent).toBe("5:00"), SLOW);
    await waitFor(() => expect(first.querySelector("time")?.textContent).toBe("4:59"), SLOW);
    const second = screen.getByRole("article", { name: "Order #15 · Ομπρέλα 3" });
    expect(second.querySelector("time")?.textContent).toMatch(/^6:5\d$/);
  }, 15_000);

  it("an English UI names each order's spot in English, as the guest's screens do", async () => {
    await selectLanguage("ENG");
    try {
      fakeApi([newer, pendingOrder()]);
      renderWithI18n(<OrderChangeStatusScreen />);
      await waitFor(() => expect(headings()).toEqual(["Order #14 · Umbrella 12", "Order #15 · Umbrella 3"]), SLOW);
    } finally {
      // Back to the suite's defaults: Greek content, the English source texts (test-setup.ts).
      await selectLanguage("GRE");
      i18n.activate("en");
    }
  });

  it("a new order arrives on the store's topic without a reload: listed, one sound, one vibration, one alert event", async () => {
    const api = fakeApi([pendingOrder()]);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, vibrate });
    const tones: number[] = [];
    vi.stubGlobal("AudioContext", fakeAudioContext(tones));
    const alerts: CustomEvent[] = [];
    const listener = (event: Event) => alerts.push(event as CustomEvent);
    window.addEventListener(ORDER_ALERT_EVENT, listener);
    try {
      renderWithI18n(<OrderChangeStatusScreen />);
      await waitFor(() => expect(headings()).toEqual(["Order #14 · Ομπρέλα 12"]), SLOW);
      // What was already waiting at sign-in does not ring.
      expect(alerts).toHaveLength(0);

      api.orders = [pendingOrder(), newer];
      act(() => stream.message());
      await waitFor(() => expect(headings()).toEqual(["Order #14 · Ομπρέλα 12", "Order #15 · Ομπρέλα 3"]), SLOW);
      await waitFor(() => expect(alerts).toHaveLength(1));
      expect(alerts[0]?.detail).toEqual({ newOrders: 1 });
      expect(document.documentElement.dataset.staffOrderAlerts).toBeDefined();
      expect(vibrate).toHaveBeenCalledWith(VIBRATION_PATTERN_MS);
      expect(tones).toEqual([880, 1320]);

      // Read again (a backup poll, another message): the same orders do not ring again.
      act(() => stream.message());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(alerts).toHaveLength(1);
    } finally {
      window.removeEventListener(ORDER_ALERT_EVENT, listener);
    }
  });

  it("the waiter silences the alerts: the choice is kept on the device, a new order neither rings nor vibrates", async () => {
    const api = fakeApi([pendingOrder()]);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, vibrate });
    const alerts: Event[] = [];
    const listener = (event: Event) => alerts.push(event);
    window.addEventListener(ORDER_ALERT_EVENT, listener);
    try {
      renderWithI18n(<OrderChangeStatusScreen />);
      const mute = await screen.findByRole("button", { name: "Mute alerts" }, SLOW);
      expect(mute.getAttribute("aria-pressed")).toBe("false");
      fireEvent.click(mute);
      await waitFor(() => expect(mute.getAttribute("aria-pressed")).toBe("true"));
      expect(localStorage.getItem("staffAlertsSilenced")).toBe("true");
      await waitFor(() => expect(headings()).toHaveLength(1), SLOW);

      api.orders = [pendingOrder(), newer];
      act(() => stream.message());
      await waitFor(() => expect(headings()).toHaveLength(2), SLOW);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(alerts).toHaveLength(0);
      expect(vibrate).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener(ORDER_ALERT_EVENT, listener);
    }
  });

  it("accept goes out with an Idempotency-Key; the card leaves once the server says the order is accepted", async () => {
    const api = fakeApi([pendingOrder()]);
    api.answer = (request) => {
      if (new URL(request.url).pathname !== "/api/staff/orders/31/accept") return null;
      api.orders = [pendingOrder({ status: "ACCEPTED" })];
      return json(200, { orderId: 31, storeId: 7, status: "ACCEPTED", onHold: false, dailyNumber: 14 });
    };
    renderWithI18n(<OrderChangeStatusScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Accept order #14" }, SLOW));
    expect(await screen.findByText("No pending orders right now.", {}, SLOW)).toBeTruthy();
    const [accept] = posts(api);
    expect(posts(api)).toHaveLength(1);
    expect(accept?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(accept?.headers.get("authToken")).toBe("opaque-token");
  });

  it("reject with a quick reason chip (editable free text) sends the reason to the guest", async () => {
    const api = fakeApi([pendingOrder()]);
    api.answer = (request) => {
      if (!new URL(request.url).pathname.endsWith("/reject")) return null;
      api.orders = [];
      return json(200, { orderId: 31, storeId: 7, status: "REJECTED", onHold: false, dailyNumber: 14 });
    };
    renderWithI18n(<OrderChangeStatusScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Reject order #14" }, SLOW));
    fireEvent.click(screen.getByRole("button", { name: "Kitchen closed" }));
    const reason = screen.getByLabelText("Reason for the guest (optional)") as HTMLInputElement;
    expect(reason.value).toBe("Kitchen closed");
    fireEvent.change(reason, { target: { value: "Kitchen closed until 13:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm rejection" }));
    await waitFor(() => expect(posts(api)).toHaveLength(1), SLOW);
    expect(await posts(api)[0]?.json()).toEqual({ reason: "Kitchen closed until 13:00" });
  });

  it.each([
    [
      "Accept order #14",
      "INVALID_STATUS_FOR_ORDER_EXECUTION",
      "Cannot accept the order, it has been declined or has expired",
    ],
    ["Reject order #14", "ORDER_CANNOT_BE_REJECTED", "Cannot reject the order, it has been accepted or has expired"],
    ["Accept order #14", "ORDER_NOT_PENDING_STATUS", "Invalid status to change order"],
  ])("§8 a refused action (%s, %s) reads as the catalogue says", async (button, code, text) => {
    const api = fakeApi([pendingOrder()]);
    api.answer = () => json(409, { code, message: "refused" });
    renderWithI18n(<OrderChangeStatusScreen />);
    fireEvent.click(await screen.findByRole("button", { name: button }, SLOW));
    if (button.startsWith("Reject")) fireEvent.click(screen.getByRole("button", { name: "Confirm rejection" }));
    expect((await screen.findByRole("alert", {}, SLOW)).textContent).toBe(text);
  });

  it("a guest gets the not-allowed screen, and nothing is asked of the server", async () => {
    await storeSession(testSession());
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderWithI18n(<OrderChangeStatusScreen />);
    expect(await screen.findByText("This screen is for the staff of this store", {}, SLOW)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("live orders offline: an accept waits and goes out once", () => {
  it("keeps the last known list with 'offline since'; an accept tapped offline is pending, then goes out once", async () => {
    stream.connected = false;
    const api = fakeApi([pendingOrder()]);
    api.answer = (request) => {
      if (new URL(request.url).pathname !== "/api/staff/orders/31/accept") return null;
      api.orders = [];
      return json(200, { orderId: 31, storeId: 7, status: "ACCEPTED", onHold: false, dailyNumber: 14 });
    };
    renderWithI18n(<OrderChangeStatusScreen />);
    await waitFor(() => expect(headings()).toEqual(["Order #14 · Ομπρέλα 12"]), SLOW);

    api.offline = true;
    act(() => stream.message()); // a read that gets no answer
    expect(await screen.findByText(/^Offline since \d\d:\d\d: showing the last known orders$/, {}, SLOW)).toBeTruthy();
    expect(headings()).toEqual(["Order #14 · Ομπρέλα 12"]);

    const failedBefore = api.failedOffline;
    fireEvent.click(screen.getByRole("button", { name: "Accept order #14" }));
    const card = screen.getByRole("article", { name: "Order #14 · Ομπρέλα 12" });
    // The first attempt really went out and found no network (not merely still on its way).
    await waitFor(() => expect(api.failedOffline).toBeGreaterThan(failedBefore), SLOW);
    expect(await within(card).findByText("Accept waiting to be sent…", {}, SLOW)).toBeTruthy();
    // Not shown as done: still listed, nothing more to tap on it.
    expect(within(card).queryByRole("button")).toBeNull();
    expect(await appDb().pendingStaffActions.count()).toBe(1);

    api.offline = false;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("No pending orders right now.", {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(/Offline since/)).toBeNull();
    expect(posts(api)).toHaveLength(1);
    expect(await appDb().pendingStaffActions.count()).toBe(0);
  });
});

describe("live orders reloaded offline: the last known list, not an empty screen", () => {
  it("shows the last known list kept on the device, offline since the time it was read", async () => {
    localStorage.setItem(
      "staffLastReads",
      JSON.stringify({ "orders:7": { data: { orders: [pendingOrder()] }, at: "2026-07-01T08:04:00.000Z" } }),
    );
    const api = fakeApi([]);
    api.offline = true;
    renderWithI18n(<OrderChangeStatusScreen />);
    expect(await screen.findByText("Offline since 11:04: showing the last known orders", {}, SLOW)).toBeTruthy();
    expect(headings()).toEqual(["Order #14 · Ομπρέλα 12"]);
  });

  it("an answer is kept on the device for the next visit", async () => {
    fakeApi([pendingOrder()]);
    renderWithI18n(<OrderChangeStatusScreen />);
    await waitFor(() => expect(headings()).toHaveLength(1), SLOW);
    const kept = JSON.parse(localStorage.getItem("staffLastReads") ?? "{}");
    expect(kept["orders:7"].data.orders.map((order: OrderDto) => order.id)).toEqual([31]);
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
