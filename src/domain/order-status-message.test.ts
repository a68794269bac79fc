import { describe, expect, it } from "vitest";
import { isLastWord, isNewerOrSame, orderStatusEventOf } from "./order-status-message";
import type { OrderStatusEvent } from "./orders-api";

const event = (fields: Partial<OrderStatusEvent> = {}): OrderStatusEvent => ({
  orderId: 42,
  storeId: 1,
  status: "ACCEPTED",
  onHold: false,
  dailyNumber: 7,
  errorMessage: null,
  updatedAt: "2026-07-01T10:00:00.000Z",
  preparation: null,
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

describe("preparation, where the store shows it", () => {
  it("is read from the event; an unknown word reads as nothing told", () => {
    expect(orderStatusEventOf({ ...event(), preparation: "READY" }, 42)?.preparation).toBe("READY");
    expect(orderStatusEventOf({ ...event(), preparation: "COOKING" }, 42)?.preparation).toBeNull();
  });

  it("an accepted order is followed on while it is being prepared or ready, and no more once on its way", () => {
    expect(isLastWord({ status: "ACCEPTED", preparation: "PREPARING" })).toBe(false);
    expect(isLastWord({ status: "ACCEPTED", preparation: "READY" })).toBe(false);
    expect(isLastWord({ status: "ACCEPTED", preparation: "ON_ITS_WAY" })).toBe(true);
    expect(isLastWord({ status: "ACCEPTED", preparation: null })).toBe(true);
    expect(isLastWord({ status: "REJECTED" })).toBe(true);
    expect(isLastWord({ status: "WAITING_FOR_ACCEPTANCE" })).toBe(false);
  });

  it("at the same instant, a later step is the newer answer (a slow poll never takes READY back)", () => {
    const at = "2026-07-01T10:00:05.000Z";
    const ready = event({ status: "ACCEPTED", updatedAt: at, preparation: "READY" });
    expect(isNewerOrSame(event({ status: "ACCEPTED", updatedAt: at, preparation: "PREPARING" }), ready)).toBe(false);
    expect(isNewerOrSame(event({ status: "ACCEPTED", updatedAt: at, preparation: "ON_ITS_WAY" }), ready)).toBe(true);
  });
});
