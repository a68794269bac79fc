/**
 * The checkout before GET /api/checkout answers (offline, or a slow PDA): what the venue data
 * already says, with the server's own rules (src/server/orders/checkout-options.ts).
 */
import { describe, expect, it } from "vitest";
import { venue } from "../../test-support/venue";
import { fallbackCheckoutOptions } from "./use-checkout-options";

describe("the checkout's options until the server answers", () => {
  it("issue 10 §3: on a PDA spot a table must be picked (none yet to pick), so nothing is sent without one", () => {
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
