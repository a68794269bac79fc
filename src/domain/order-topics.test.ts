import { describe, expect, it } from "vitest";
import {
  orderDestination,
  parseOrderDestination,
  storeCatalogueDestination,
  storeOpeningsDestination,
  storeOrdersDestination,
} from "./order-topics";

describe("order status destinations (design.md Real time)", () => {
  it("round-trips an order's and a store's destination", () => {
    expect(parseOrderDestination(orderDestination(42))).toEqual({ kind: "order", orderId: 42 });
    expect(parseOrderDestination(storeOrdersDestination(7))).toEqual({ kind: "store", storeId: 7 });
  });

  it("round-trips a store's table-openings destination (live open tables)", () => {
    expect(parseOrderDestination(storeOpeningsDestination(132))).toEqual({ kind: "storeOpenings", storeId: 132 });
  });

  it("round-trips a store's catalogue destination (guests see catalogue changes live)", () => {
    expect(parseOrderDestination(storeCatalogueDestination(5))).toEqual({ kind: "storeCatalogue", storeId: 5 });
  });

  it.each([
    "",
    "/topic/orders/",
    "/topic/orders/0",
    "/topic/orders/007",
    "/topic/orders/-1",
    "/topic/orders/1.5",
    "/topic/orders/1/",
    "/topic/orders/1/extra",
    "/topic/orders/1234567890123456",
    "/topic/stores/7",
    "/topic/stores/7/orders/",
    "/topic/stores/7/openings/",
    "/topic/stores/0/openings",
    "/topic/stores/7/opening",
    "/topic/stores/0/catalogue",
    "/topic/stores/7/catalogue/",
    "/topic/stores/7/catalog",
    "/queue/orders/1",
    "/topic/orders/1\n",
    "/TOPIC/orders/1",
  ])("refuses %j", (destination) => {
    expect(parseOrderDestination(destination)).toBeNull();
  });
});
