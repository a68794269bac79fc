import { describe, expect, it } from "vitest";
import { type OrderDto, PENDING_ORDER_STATUSES } from "./orders-api";
import {
  formatCountdown,
  LIVE_PENDING_STATUSES,
  newOrderIds,
  pendingOldestFirst,
  secondsLeft,
} from "./staff-live-orders";

function order(id: number, createdAt: string, status: OrderDto["status"] = "WAITING_FOR_ACCEPTANCE"): OrderDto {
  return { id, createdAt, status } as OrderDto;
}

describe("the waiter's live orders", () => {
  it("lists pending orders only, the oldest first (ties by id)", () => {
    const list = pendingOldestFirst([
      order(3, "2026-07-01T09:05:00.000Z"),
      order(1, "2026-07-01T09:00:00.000Z", "ACCEPTED"),
      order(5, "2026-07-01T09:01:00.000Z", "UNDER_REVIEW"),
      order(4, "2026-07-01T09:01:00.000Z"),
      order(2, "2026-07-01T08:00:00.000Z", "TIMED_OUT"),
    ]);
    expect(list.map((o) => o.id)).toEqual([4, 5, 3]);
  });

  it("keeps the browser's pending statuses equal to the contract's", () => {
    expect([...LIVE_PENDING_STATUSES]).toEqual([...PENDING_ORDER_STATUSES]);
  });

  it("names as new only the orders not seen before", () => {
    const pending = [order(1, "a"), order(2, "b"), order(3, "c")];
    expect(newOrderIds(new Set([1, 3]), pending)).toEqual([2]);
    expect(newOrderIds(new Set([1, 2, 3]), pending)).toEqual([]);
  });

  it("counts whole seconds down to the deadline, 0 past it, null without one", () => {
    const now = Date.parse("2026-07-01T09:00:00.000Z");
    expect(secondsLeft("2026-07-01T09:05:00.000Z", now)).toBe(300);
    expect(secondsLeft("2026-07-01T09:00:00.500Z", now)).toBe(1);
    expect(secondsLeft("2026-07-01T08:59:00.000Z", now)).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
  });

  it("formats the countdown as m:ss, or h:mm:ss past an hour", () => {
    expect(formatCountdown(300)).toBe("5:00");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(3725)).toBe("1:02:05");
  });
});
