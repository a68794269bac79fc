import { describe, expect, it } from "vitest";
import { isNewerOrSame, orderStatusEventOf } from "./order-status-message";
import type { OrderStatusEvent } from "./orders-api";

const event = (fields: Partial<OrderStatusEvent> = {}): OrderStatusEvent => ({
  orderId: 42,
  storeId: 1,
  status: "ACCEPTED",
  onHold: false,
  dailyNumber: 7,
  errorMessage: null,
  updatedAt: "2026-07-01T10:00:00.000Z",
  ...fields,
});

describe("a STOMP message body as an order status (spec §7 order-status-returned-in-subscription)", () => {
  it("accepts an OrderStatusEvent of the followed order, with nothing but its fields", () => {
    expect(orderStatusEventOf({ ...event(), extra: "dropped" }, 42)).toEqual(event());
    expect(orderStatusEventOf(event({ status: "REJECTED", errorMessage: "Closed" }), 42)?.errorMessage).toBe("Closed");
  });

  it.each([
    ["another order's event", event({ orderId: 43 })],
    ["an unknown status", { ...event(), status: "COOKING" }],
    ["a missing status", { ...event(), status: undefined }],
    ["a text order id", { ...event(), orderId: "42" }],
    ["a bad date", { ...event(), updatedAt: "yesterday" }],
    ["a numeric error message", { ...event(), errorMessage: 5 }],
    ["a non-boolean onHold", { ...event(), onHold: "false" }],
    ["an array", [event()]],
    ["null", null],
    ["a string", "ACCEPTED"],
  ])("§7 unhandled-message-received: refuses %s", (_what, value) => {
    expect(orderStatusEventOf(value, 42)).toBeNull();
  });
});

describe("answers from several sources", () => {
  it("an older status never replaces a newer one; the same instant or a later one does", () => {
    const shown = event({ status: "UNDER_REVIEW", updatedAt: "2026-07-01T10:00:05.000Z" });
    expect(isNewerOrSame(event({ updatedAt: "2026-07-01T10:00:04.000Z" }), shown)).toBe(false);
    expect(isNewerOrSame(event({ updatedAt: "2026-07-01T10:00:05.000Z" }), shown)).toBe(true);
    expect(isNewerOrSame(event({ updatedAt: "2026-07-01T10:00:06.000Z" }), shown)).toBe(true);
    expect(isNewerOrSame(event(), null)).toBe(true);
  });
});
