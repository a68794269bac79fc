/** A table's line as the staff API sends it, for the openings screens' tests: a freddo from order 5. */
import type { OpeningLineDto } from "../../../../domain/table-openings-api";

export function openingLine(overrides: Partial<OpeningLineDto> = {}): OpeningLineDto {
  return {
    id: 1,
    kind: "ITEM",
    orderId: 5,
    dailyNumber: 12,
    names: { GRE: { name: "Φρέντο εσπρέσο" }, ENG: { name: "Freddo espresso" } },
    quantity: 1,
    kilos: null,
    options: [],
    comment: "",
    amountCents: 900,
    state: "OPEN",
    reason: null,
    byName: null,
    at: null,
    paymentId: null,
    movedFromSpotNames: null,
    ...overrides,
  };
}
