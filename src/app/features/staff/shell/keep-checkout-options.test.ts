/** A waiter's sign-in keeps the table picker's floor for every service of the PDA spot, before any cart is opened. Edges stubbed: the two reads. */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TableResponse } from "../../../../domain/api";
import type { CheckoutOptions } from "../../../../domain/orders-api";
import { venue } from "../../../test-support/venue";
import { fallbackCheckoutOptions } from "../../checkout/use-checkout-options";
import { rememberedCheckoutOptions } from "../openings/kept-checkout-options";
import { keepCheckoutOptions } from "./keep-checkout-options";

const pda = venue({ spot: { isPda: true } });
const reads = vi.hoisted(() => ({
  table: vi.fn<(spotId: number) => Promise<TableResponse>>(),
  options: vi.fn<(serviceId: number, spotId: number) => Promise<CheckoutOptions>>(),
}));
vi.mock("../../../api/requests", () => ({ fetchTable: reads.table }));
vi.mock("../../../api/orders", () => ({ fetchCheckoutOptions: reads.options }));

afterEach(() => {
  localStorage.clear();
  reads.table.mockReset();
  reads.options.mockReset();
});

describe("keepCheckoutOptions", () => {
  it("keeps the floor of every service the PDA spot offers", async () => {
    const services = [
      { ...pda.service, serviceId: 31 },
      { ...pda.service, serviceId: 32 },
    ];
    reads.table.mockResolvedValue({ ...pda.table, services });
    reads.options.mockImplementation(async (serviceId) => ({
      ...fallbackCheckoutOptions(pda),
      availableTables: [{ id: serviceId * 10, name: `Table of ${serviceId}` }],
    }));
    await keepCheckoutOptions({ spotId: pda.table.spot.id });
    expect(reads.options.mock.calls).toEqual([
      [31, pda.table.spot.id],
      [32, pda.table.spot.id],
    ]);
    for (const serviceId of [31, 32]) {
      expect(rememberedCheckoutOptions(pda.table.spot.id, serviceId)?.data.availableTables).toEqual([
        { id: serviceId * 10, name: `Table of ${serviceId}` },
      ]);
    }
  });

  it("offline at sign-in: nothing kept, nothing thrown away that was kept before", async () => {
    reads.table.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(keepCheckoutOptions({ spotId: pda.table.spot.id })).rejects.toThrow();
    expect(rememberedCheckoutOptions(pda.table.spot.id, pda.service.serviceId)).toBeNull();
  });
});
