import { describe, expect, it } from "vitest";
import { mayHaveOlderOrders, ORDER_HISTORY_PAGE_SIZE } from "./order-history";

describe("order history pages (§2 history)", () => {
  it("a full page may have older orders behind it; a short one is the end", () => {
    expect(mayHaveOlderOrders(ORDER_HISTORY_PAGE_SIZE)).toBe(true);
    expect(mayHaveOlderOrders(ORDER_HISTORY_PAGE_SIZE - 1)).toBe(false);
    expect(mayHaveOlderOrders(0)).toBe(false);
  });
});
