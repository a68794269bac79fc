import { describe, expect, it } from "vitest";
import { isVisitReadsMessage, KEEP_VISIT_READS, MAX_VISIT_READS, readsToKeep } from "./visit-reads";

const origin = "https://kyma.example";

describe("readsToKeep: the worker keeps a first visit's reads that its runtime rules keep, and nothing private", () => {
  it("keeps the spot, its menus, their photos, the flag, the app's files and icons", () => {
    const reads = [
      `${origin}/api/tables/7203`,
      `${origin}/api/tables/7203/menus/beach-bar`,
      `${origin}/api/services/7001/menu`,
      `${origin}/images/demo/freddo.svg`,
      `${origin}/images/flags/GRE.svg`,
      `${origin}/assets/CartScreen-abc.js`,
      `${origin}/icons/icon-192.png`,
    ];
    expect(readsToKeep(reads, origin)).toEqual(reads);
  });

  it("drops tokens, orders, the checkout, sign-in, logs and other origins", () => {
    const reads = [
      `${origin}/api/authenticate/v2/login`,
      `${origin}/api/authenticate/v2/tokens/validate/refresh`,
      `${origin}/api/orders`,
      `${origin}/api/orders/1/status`,
      `${origin}/api/checkout?serviceId=7001&tableId=7203`,
      `${origin}/api/user/membership?restaurantId=7`,
      `${origin}/api/entrance?storeId=7`,
      `${origin}/api/log/send-order-clicked`,
      `${origin}/api/utils/date`,
      "https://cdn.example/images/a.jpg",
      `${origin}/menu/7203`,
    ];
    expect(readsToKeep(reads, origin)).toEqual([]);
  });

  it("takes paths from the site root, drops fragments, keeps each address once, ignores what is no URL", () => {
    expect(readsToKeep(["/images/a.svg#x", `${origin}/images/a.svg`, 42, null, "http://[::1"], origin)).toEqual([
      `${origin}/images/a.svg`,
    ]);
  });

  it("keeps at most MAX_VISIT_READS addresses", () => {
    const many = Array.from({ length: MAX_VISIT_READS + 10 }, (_, index) => `/images/${index}.jpg`);
    expect(readsToKeep(many, origin)).toHaveLength(MAX_VISIT_READS);
  });
});

describe("isVisitReadsMessage", () => {
  it("accepts the page's message and nothing else", () => {
    expect(isVisitReadsMessage({ type: KEEP_VISIT_READS, urls: [] })).toBe(true);
    expect(isVisitReadsMessage({ type: KEEP_VISIT_READS, urls: "x" })).toBe(false);
    expect(isVisitReadsMessage({ type: "SKIP_WAITING" })).toBe(false);
    expect(isVisitReadsMessage(null)).toBe(false);
  });

  it("accepts the reads to renew (those the page's HTML brought) only as a list", () => {
    expect(isVisitReadsMessage({ type: KEEP_VISIT_READS, urls: [], renewed: [`${origin}/api/tables/7203`] })).toBe(
      true,
    );
    expect(isVisitReadsMessage({ type: KEEP_VISIT_READS, urls: [], renewed: "x" })).toBe(false);
  });
});
