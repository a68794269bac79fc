/** Test-only: a bill and its parts as GET /api/tables/:tableId/bill answers them, varied with spreads. */
import type { Bill, BillLine, BillPaymentAnswer, GuestPaymentReceipt } from "../../../domain/bill-api";
import { names } from "../../../domain/test-support";

export function testLine(overrides: Partial<BillLine> = {}): BillLine {
  return {
    id: 1,
    names: names("Freddo espresso"),
    options: [],
    quantity: 1,
    kilos: null,
    amountCents: 350,
    state: "OPEN",
    mine: false,
    ...overrides,
  };
}

export function testBill(overrides: Partial<Bill> = {}): Bill {
  return {
    tableId: 200,
    storeId: 1,
    spotNames: { GRE: { name: "Ομπρέλα 12" }, ENG: { name: "Umbrella 12" } },
    spotType: "BEACH_CHAIR",
    status: "OPEN",
    openingId: 900,
    version: 3,
    totalCents: 1000,
    paidCents: 0,
    owedCents: 1000,
    waivedCents: 0,
    lines: [testLine({ id: 1, quantity: 2, amountCents: 700, mine: true }), testLine({ id: 2, amountCents: 300 })],
    payments: [],
    split: null,
    cardPayments: true,
    readAt: "2026-07-01T09:15:00.000Z",
    ...overrides,
  };
}

export function testReceipt(overrides: Partial<GuestPaymentReceipt> = {}): GuestPaymentReceipt {
  return {
    id: 77,
    tableId: 200,
    storeNames: names("Kyma Beach Bar"),
    spotNames: { GRE: { name: "Ομπρέλα 12" }, ENG: { name: "Umbrella 12" } },
    amountCents: 1000,
    tipCents: 100,
    chargedCents: 1100,
    brand: "visa",
    lastFour: "4242",
    lines: [],
    share: null,
    at: "2026-07-01T09:20:00.000Z",
    ...overrides,
  };
}

export function testPaymentAnswer(bill: Bill, receipt: GuestPaymentReceipt = testReceipt()): BillPaymentAnswer {
  return { payment: receipt, bill };
}
