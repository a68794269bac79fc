/**
 * The checkout before GET /api/checkout answers (offline, or a slow PDA): what the venue data
 * already says, with the server's own rules (src/server/orders/checkout-options.ts); on a waiter's
 * PDA, the floor as last read, so the table picker still works offline. Edge stubbed: the API call.
 */
import "fake-indexeddb/auto";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckoutOptions } from "../../../domain/orders-api";
import { ApiError, NETWORK_ERROR } from "../../api/api-error";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { venue } from "../../test-support/venue";
import { fallbackCheckoutOptions, useCheckoutOptions } from "./use-checkout-options";

const fetchOptions = vi.hoisted(() => vi.fn<(serviceId: number, tableId: number) => Promise<CheckoutOptions>>());
vi.mock("../../api/orders", () => ({ fetchCheckoutOptions: fetchOptions }));

describe("the checkout's options until the server answers", () => {
  it("on a PDA spot a table must be picked (none yet to pick), so nothing is sent without one", () => {
    expect(fallbackCheckoutOptions(venue({ spot: { isPda: true } }))).toMatchObject({
      tableSelectionRequired: true,
      availableTables: [],
    });
  });

  it("on a guest's table: cash, no table to pick", () => {
    expect(fallbackCheckoutOptions(venue({ spot: { isPda: false } }))).toMatchObject({
      tableSelectionRequired: false,
      paymentTypes: ["CASH"],
    });
  });
});

describe("the waiter's table picker offline: the floor kept on the PDA", () => {
  const pda = venue({ spot: { isPda: true } });
  const storeId = pda.table.store.storeId;
  const waiter = testSession({
    user: { ...testSession().user, id: 7, name: "Nikos", phone: null, role: "WAITER", storeId },
  });
  const floor: CheckoutOptions = {
    ...fallbackCheckoutOptions(pda),
    availableTables: [
      { id: 201, name: "Umbrella 12" },
      { id: 202, name: "Chair 7" },
    ],
    sectionsWithTheirTables: [{ section: "Front row", tables: [{ id: 201, name: "Umbrella 12" }] }],
  };
  const offline = () => Promise.reject(new ApiError(NETWORK_ERROR, "Failed to fetch", null));

  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    fetchOptions.mockReset();
    await clearSession();
  });

  /** The hook once the session is read and the call settled. */
  async function optionsOnce(): Promise<ReturnType<typeof useCheckoutOptions>> {
    const { result, unmount } = renderHook(() => useCheckoutOptions(pda));
    await waitFor(() => expect(fetchOptions).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
    const state = result.current;
    unmount();
    return state;
  }

  it("read online once, the floor is there offline afterwards (a reload or restart), with the time it was read", async () => {
    await storeSession(waiter);
    fetchOptions.mockResolvedValueOnce(floor);
    expect(await optionsOnce()).toMatchObject({ loaded: true, options: floor, keptFrom: null });

    fetchOptions.mockImplementation(offline);
    const offlineState = await optionsOnce();
    expect(offlineState.loaded).toBe(false);
    expect(offlineState.options.availableTables.map((table) => table.name)).toEqual(["Umbrella 12", "Chair 7"]);
    expect(offlineState.options.sectionsWithTheirTables).toEqual(floor.sectionsWithTheirTables);
    expect(offlineState.keptFrom).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("another waiter of the store signed in on the PDA later gets the same floor offline", async () => {
    await storeSession(waiter);
    fetchOptions.mockResolvedValueOnce(floor);
    await optionsOnce();
    await storeSession(testSession({ ...waiter, authToken: "maria", user: { ...waiter.user, id: 8, name: "Maria" } }));
    fetchOptions.mockImplementation(offline);
    expect((await optionsOnce()).options.availableTables).toHaveLength(2);
  });

  it("nobody signed in, or a guest: the store's floor is never offered (nothing to pick until a waiter signs in)", async () => {
    await storeSession(waiter);
    fetchOptions.mockResolvedValueOnce(floor);
    await optionsOnce();
    fetchOptions.mockImplementation(offline);
    await clearSession();
    expect((await optionsOnce()).options.availableTables).toEqual([]);
    await storeSession(testSession());
    expect((await optionsOnce()).options.availableTables).toEqual([]);
  });

  it("a waiter of another store is not offered this store's floor", async () => {
    await storeSession(waiter);
    fetchOptions.mockResolvedValueOnce(floor);
    await optionsOnce();
    fetchOptions.mockImplementation(offline);
    await storeSession(testSession({ ...waiter, user: { ...waiter.user, storeId: storeId + 1 } }));
    expect((await optionsOnce()).options.availableTables).toEqual([]);
  });

  it("a guest's answer on their own table is not kept (only a waiter's floor is)", async () => {
    const guestTable = venue({ spot: { isPda: false } });
    await storeSession(testSession());
    fetchOptions.mockResolvedValueOnce({ ...fallbackCheckoutOptions(guestTable), paymentTypes: ["CASH", "CARD"] });
    const { unmount } = renderHook(() => useCheckoutOptions(guestTable));
    await waitFor(() => expect(fetchOptions).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
    unmount();
    expect(localStorage.getItem("staffLastReads")).toBeNull();
  });
});
