/**
 * A device that opened a PDA spot is a terminal and stays one: were staffDevice taken from
 * spot.isPda alone, a guest link opened on the waiter's PDA would take PIN sign-in and the staff
 * shell away.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TableResponse } from "../../domain/api";
import { fetchMenuBySlug, fetchTable } from "../api/requests";
import { isStaffDevice, terminalSpot } from "../session/staff-device";
import { spot, store } from "../test-support/venue";
import { loadServiceMenu, loadTable, readMenuFreshly } from "./load-venue";

// The network edge: the API's table answer.
vi.mock("../api/requests", () => ({ fetchTable: vi.fn(), fetchMenuBySlug: vi.fn() }));

function answerWith(table: TableResponse) {
  vi.mocked(fetchTable).mockResolvedValueOnce(table);
}

const hotel = store({ storeId: 7, storeIsHotel: true });
const pda = { store: hotel, spot: spot({ id: 7499, storeId: 7, isPda: true }), services: [] };
const umbrella = { store: hotel, spot: spot({ id: 7201, storeId: 7, isPda: false }), services: [] };
const otherStore = { store: store({ storeId: 3 }), spot: spot({ id: 301, storeId: 3 }), services: [] };

afterEach(() => {
  localStorage.clear();
});

describe("loadTable and the terminal", () => {
  it("a guest's phone opening a table is not a terminal", async () => {
    answerWith(umbrella);
    await loadTable(7201);
    expect(isStaffDevice()).toBe(false);
    expect(terminalSpot()).toBeNull();
  });

  it("opening the PDA spot makes a terminal that remembers its spot, store name and kind", async () => {
    answerWith(pda);
    await loadTable(7499);
    expect(isStaffDevice()).toBe(true);
    expect(terminalSpot()).toEqual({ storeId: 7, spotId: 7499, storeNames: hotel.names, storeIsHotel: true });
  });

  it("a guest link (even of another store) opened on the terminal afterwards keeps it a terminal of its PDA spot", async () => {
    answerWith(pda);
    await loadTable(7499);
    answerWith(umbrella);
    await loadTable(7201);
    answerWith(otherStore);
    await loadTable(301);
    expect(isStaffDevice()).toBe(true);
    expect(terminalSpot()).toMatchObject({ storeId: 7, spotId: 7499 });
    // The last visited store is still the guest link's (the contact form's store).
    expect(localStorage.getItem("lastStoreId")).toBe("3");
  });
});

describe("loadServiceMenu: a flat first visit", () => {
  it("asks for the table and the menu by slug at once, before either answers", async () => {
    let answerTable: (table: TableResponse) => void = () => undefined;
    vi.mocked(fetchTable).mockReturnValueOnce(new Promise((resolve) => (answerTable = resolve)));
    const menu = { storeId: 7, serviceId: 7001, categories: [], items: [] } as never;
    vi.mocked(fetchMenuBySlug).mockResolvedValueOnce(menu);
    const service = { serviceId: 7001, slug: "beach-bar" } as TableResponse["services"][number];
    const loading = loadServiceMenu("beach-bar", 7201);
    // The menu request left with the table's, not after its answer.
    expect(fetchTable).toHaveBeenCalledWith(7201, undefined);
    expect(fetchMenuBySlug).toHaveBeenCalledWith(7201, "beach-bar", undefined, false);
    answerTable({ ...umbrella, services: [service] });
    await expect(loading).resolves.toMatchObject({ service: { serviceId: 7001 }, menu });
  });

  it("after a live catalogue change, the next load (only) reads the menu fresh, past the service worker's copy", async () => {
    const service = { serviceId: 7001, slug: "beach-bar" } as TableResponse["services"][number];
    const menu = { storeId: 7, serviceId: 7001, categories: [], items: [] } as never;
    vi.mocked(fetchTable).mockResolvedValue({ ...umbrella, services: [service] });
    vi.mocked(fetchMenuBySlug).mockResolvedValue(menu);
    readMenuFreshly();
    await loadServiceMenu("beach-bar", 7201);
    expect(fetchMenuBySlug).toHaveBeenLastCalledWith(7201, "beach-bar", undefined, true);
    await loadServiceMenu("beach-bar", 7201);
    expect(fetchMenuBySlug).toHaveBeenLastCalledWith(7201, "beach-bar", undefined, false);
  });
});
