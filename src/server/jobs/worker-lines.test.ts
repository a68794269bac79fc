import { describe, expect, it } from "vitest";
import { lineOf } from "./worker";

describe("which jobs wait for each other", () => {
  it("an order's jobs share its line; live events of no order share one per kind; card and receipt jobs each run alone", () => {
    expect(lineOf({ id: 1, kind: "status-event", order_id: 7 })).toBe(
      lineOf({ id: 2, kind: "settle-payment", order_id: 7 }),
    );
    expect(lineOf({ id: 3, kind: "opening-events", order_id: null })).toBe(
      lineOf({ id: 4, kind: "opening-events", order_id: null }),
    );
    expect(lineOf({ id: 3, kind: "opening-events", order_id: null })).not.toBe(
      lineOf({ id: 5, kind: "waiter-call-event", order_id: null }),
    );
    expect(lineOf({ id: 6, kind: "bill-payment", order_id: null })).not.toBe(
      lineOf({ id: 8, kind: "bill-payment", order_id: null }),
    );
    expect(lineOf({ id: 6, kind: "bill-payment", order_id: null })).not.toBe(
      lineOf({ id: 9, kind: "opening-events", order_id: null }),
    );
    expect(lineOf({ id: 10, kind: "payment-receipt-email", order_id: null })).not.toBe(
      lineOf({ id: 11, kind: "payment-receipt-email", order_id: null }),
    );
  });
});
