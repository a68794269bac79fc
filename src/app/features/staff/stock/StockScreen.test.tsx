/**
 * The waiter's Stock view: items by service and category with a search box, a real switch
 * (aria-pressed) that marks an item sold out in one tap, a pieces-left field, and every write
 * through the staff-action outbox (real Dexie on fake-indexeddb; the HTTP edges stubbed): the row
 * shows the change as waiting until the server answers.
 */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffCatalogue, StaffCatalogueItem } from "../../../../domain/staff-catalogue-api";
import { ApiError, NETWORK_ERROR } from "../../../api/api-error";
import { appDb } from "../../../db/app-db";
import { selectLanguage } from "../../../i18n/language-store";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { PLAIN_SERVICE_SETTINGS } from "../../../test-support/service-settings";
import { StockScreen } from "./StockScreen";

vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));
const read = vi.hoisted(() => vi.fn<(storeId: number) => Promise<unknown>>());
vi.mock("../../../api/staff-catalogue", () => ({ fetchStaffCatalogue: read }));
const send = vi.hoisted(() =>
  vi.fn<(path: string, body: unknown, key: string, asUserId: number, method?: string) => Promise<unknown>>(),
);
vi.mock("../../../api/staff-openings", () => ({ postStaffAction: send }));
vi.mock("../../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T09:05:00.000Z" }));

const STORE = 13;

function item(itemId: number, gre: string, eng: string, stock: Partial<StaffCatalogueItem> = {}): StaffCatalogueItem {
  return {
    itemId,
    version: 1,
    names: { GRE: { name: gre }, ENG: { name: eng } },
    priceCents: 350,
    membershipPriceCents: null,
    memberPriceEnabled: false,
    membershipAdditionCents: null,
    perKg: false,
    photo: null,
    stockEnabled: false,
    stockAmount: null,
    ...stock,
  };
}

function catalogueWith(
  freddo: Partial<StaffCatalogueItem>,
  pause?: StaffCatalogue["services"][number]["pause"],
): StaffCatalogue {
  return {
    storeId: STORE,
    catalogueVersion: 4,
    services: [
      {
        serviceId: 10,
        version: 1,
        slug: "beach-bar",
        names: { GRE: { name: "Μπαρ" }, ENG: { name: "Beach bar" } },
        ...PLAIN_SERVICE_SETTINGS,
        ...(pause === undefined ? {} : { pause }),
        categories: [
          {
            categoryId: 100,
            version: 1,
            names: { GRE: { name: "Καφέδες" }, ENG: { name: "Coffees" } },
            maxProductsPerCart: null,
            items: [item(1, "Φρέντο εσπρέσο", "Freddo espresso", freddo), item(2, "Καπουτσίνο", "Cappuccino")],
          },
        ],
      },
    ],
  };
}

const waiter = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: STORE },
});

beforeEach(async () => {
  await storeSession(waiter);
  await selectLanguage("ENG");
  read.mockResolvedValue(catalogueWith({}));
});

afterEach(async () => {
  read.mockClear();
  localStorage.clear();
  send.mockReset();
  await appDb().pendingStaffActions.clear();
  await selectLanguage("GRE");
  i18n.activate("en");
  await clearSession();
});

const freddoRow = async () => screen.findByTestId("stock-item-1");
const toggleOf = (row: HTMLElement) => within(row).getByRole("button", { name: /Sold out/ });

describe("the waiter's Stock view on the PDA", () => {
  it("lists items by service and category in the UI language, each with a sold-out switch and pieces left", async () => {
    renderWithI18n(<StockScreen storeId={STORE} />);
    expect(await screen.findByRole("heading", { level: 2, name: "Beach bar" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Coffees" })).toBeTruthy();
    const row = await freddoRow();
    expect(toggleOf(row).getAttribute("aria-pressed")).toBe("false");
    expect(within(row).getByRole("spinbutton", { name: /Pieces left/ })).toBeTruthy();
    expect(read).toHaveBeenCalledWith(STORE);
  });

  it("the waiter's stock and pause: one tap marks an item sold out with PUT {stockEnabled:true, stockAmount:0} and an Idempotency-Key", async () => {
    send.mockResolvedValue({ itemId: 1, stockEnabled: true, stockAlignedToCartAddition: true, stockAmount: 0 });
    renderWithI18n(<StockScreen storeId={STORE} />);
    const row = await freddoRow();
    read.mockResolvedValue(catalogueWith({ stockEnabled: true, stockAmount: 0 }));
    fireEvent.click(toggleOf(row));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [path, body, key, asUser, method] = send.mock.calls[0] ?? [];
    expect({ path, body, method, asUser }).toEqual({
      path: `staff/stores/${STORE}/items/1/stock`,
      body: { stockEnabled: true, stockAmount: 0 },
      method: "put",
      asUser: waiter.user.id,
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toggleOf(row).getAttribute("aria-pressed")).toBe("true"));
  });

  it("back in stock: the pressed switch sends {stockEnabled:false, stockAmount:null}", async () => {
    read.mockResolvedValue(catalogueWith({ stockEnabled: true, stockAmount: 0 }));
    send.mockResolvedValue({});
    renderWithI18n(<StockScreen storeId={STORE} />);
    const row = await freddoRow();
    await waitFor(() => expect(toggleOf(row).getAttribute("aria-pressed")).toBe("true"));
    fireEvent.click(toggleOf(row));
    await waitFor(() => expect(send.mock.calls[0]?.[1]).toEqual({ stockEnabled: false, stockAmount: null }));
  });

  it("offline: the change is kept in the outbox and the row shows it as waiting, switch pressed, until an answer", async () => {
    send.mockRejectedValue(new ApiError(NETWORK_ERROR, "Failed to fetch", null));
    renderWithI18n(<StockScreen storeId={STORE} />);
    const row = await freddoRow();
    fireEvent.click(toggleOf(row));
    expect(await within(row).findByText("Waiting to be sent…")).toBeTruthy();
    expect(toggleOf(row).getAttribute("aria-pressed")).toBe("true");
    expect((toggleOf(row) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(/No connection: it will be sent once/)).toBeTruthy();
    const kept = await appDb().pendingStaffActions.toArray();
    expect(kept).toMatchObject([{ itemId: 1, method: "put", path: `staff/stores/${STORE}/items/1/stock` }]);
  });

  it("pieces left: a number counts the stock; a bad one is refused on the spot and nothing is sent", async () => {
    send.mockResolvedValue({});
    renderWithI18n(<StockScreen storeId={STORE} />);
    const row = await freddoRow();
    const field = within(row).getByRole("spinbutton", { name: /Pieces left/ }) as HTMLInputElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: "-3" } });
    fireEvent.click(within(row).getByRole("button", { name: /Set/ }));
    expect(await within(row).findByRole("alert", {}, { timeout: 5_000 })).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: "7" } });
    fireEvent.click(within(row).getByRole("button", { name: /Set/ }));
    await waitFor(() => expect(send.mock.calls[0]?.[1]).toEqual({ stockEnabled: true, stockAmount: 7 }));
  });

  it("the search box narrows the list; no match says so", async () => {
    renderWithI18n(<StockScreen storeId={STORE} />);
    await freddoRow();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search items" }), { target: { value: "capp" } });
    expect(screen.queryByTestId("stock-item-1")).toBeNull();
    expect(screen.getByTestId("stock-item-2")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search items" }), { target: { value: "zzz" } });
    expect(screen.getByText(/No item matches/)).toBeTruthy();
  });

  it("a refusal is said in words; a guest or another store's staff sees the staff-only screen", async () => {
    send.mockRejectedValue(new ApiError("FORBIDDEN", "Only the staff of this store can change its items", 403));
    renderWithI18n(<StockScreen storeId={STORE} />);
    fireEvent.click(toggleOf(await freddoRow()));
    await waitFor(() => expect(document.querySelector(".stock__notice--error")).not.toBeNull());
    await clearSession();
    renderWithI18n(<StockScreen storeId={99} />);
    expect(await screen.findByText("This screen is for the staff of this store")).toBeTruthy();
  });

  it("loading and error states: a read refused by the server is said", async () => {
    read.mockRejectedValue(new ApiError("FORBIDDEN", "no", 403));
    renderWithI18n(<StockScreen storeId={STORE} />);
    expect(await screen.findByRole("alert")).toBeTruthy();
  });

  it("the waiter's stock and pause: pause the beach bar for 60 minutes with a reason: PUT {minutes, reason} with a key; the service shows as waiting", async () => {
    send.mockRejectedValue(new ApiError(NETWORK_ERROR, "Failed to fetch", null));
    renderWithI18n(<StockScreen storeId={STORE} />);
    await freddoRow();
    fireEvent.click(screen.getByText("Pause orders"));
    fireEvent.click(screen.getByRole("radio", { name: "60 min" }));
    fireEvent.change(screen.getByRole("textbox", { name: /Reason guests read/ }), {
      target: { value: " Kitchen break " },
    });
    fireEvent.click(screen.getByRole("button", { name: /Pause orders now/ }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    const [path, body, , , method] = send.mock.calls[0] ?? [];
    expect({ path, body, method }).toEqual({
      path: `staff/stores/${STORE}/services/10/pause`,
      body: { minutes: 60, reason: "Kitchen break" },
      method: "put",
    });
    expect(await screen.findByRole("button", { name: /Resume orders now/ })).toBeTruthy();
    expect((screen.getByRole("button", { name: /Resume orders now/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a paused service says until when and why; one tap resumes it with DELETE and a key", async () => {
    read.mockResolvedValue(
      catalogueWith({}, { since: "2026-07-01T09:00:00.000Z", until: "2026-07-01T09:30:00.000Z", reason: "Out of ice" }),
    );
    send.mockResolvedValue({ serviceId: 10, pause: null });
    renderWithI18n(<StockScreen storeId={STORE} />);
    expect(await screen.findByText("Orders paused until 12:30")).toBeTruthy();
    expect(screen.getByText(/Out of ice/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Resume orders now/ }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    const [path, , key, , method] = send.mock.calls[0] ?? [];
    expect({ path, method }).toEqual({ path: `staff/stores/${STORE}/services/10/pause`, method: "delete" });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a pause whose time has passed shows the service open again, with the pause control", async () => {
    read.mockResolvedValue(
      catalogueWith({}, { since: "2026-07-01T08:00:00.000Z", until: "2026-07-01T08:30:00.000Z", reason: "Old" }),
    );
    renderWithI18n(<StockScreen storeId={STORE} />);
    await freddoRow();
    expect(screen.getByText("Pause orders")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Resume orders now/ })).toBeNull();
  });
});
