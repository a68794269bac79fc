import { fc, test as propTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { KILOS_CAP } from "./constants";
import {
  BANNER_ENFORCES_MAX_PER_ORDER,
  cartQuantity,
  checkAddButton,
  checkIncrement,
  checkQuantity,
  decrementQuantity,
  minimumQuantity,
  normalizeKilos,
  parseKilos,
} from "./limits";
import { line } from "./test-support";

const coffee = (id: number, quantity: number) =>
  line(id, { id: 10 + id, productCategoryName: "Coffees", maxProductsPerCartForThisCategory: 5 }, { quantity });
const cake = (id: number, quantity: number) => line(id, { id: 20 + id, productCategoryName: "Cakes" }, { quantity });
const stocked = (stockAmount: number | null, aligned = true, enabled = true) =>
  line(9, {
    id: 99,
    productCategoryName: "Juices",
    stockEnabled: enabled,
    stockAlignedToCartAddition: aligned,
    stockAmount,
  });

describe("checkIncrement: §5 max items per order blocks increments once total cart quantity reaches it", () => {
  const firstCake = cake(1, 3);
  const cart = [firstCake, cake(2, 2)]; // 5 pieces
  const newCake = { item: cake(3, 0).item };

  test.each([
    ["below the limit: 5 in cart + 1 in modal -> 2, limit 10", 10, 1, { ok: true }],
    ["reaching the limit is allowed: 5 + 1 -> 2 makes 7", 7, 1, { ok: true }],
    ["once reached, blocked: 5 + 2 -> 3 makes 8 > 7", 7, 2, { ok: false, reason: "MAX_PER_ORDER", limit: 7 }],
    ["0 means no limit", 0, 50, { ok: true }],
    ["null (empty) means no limit", null, 50, { ok: true }],
  ])("%s", (_title, max, modalQuantity, expected) => {
    expect(checkIncrement(cart, { ...newCake, quantity: modalQuantity }, max)).toEqual(expected);
  });

  test("edit mode: the edited line's quantity is replaced, not counted twice", () => {
    // Editing line 1 (3 pieces) in a 5-piece cart with limit 5: going 3 -> 4 makes 6.
    expect(checkIncrement(cart, { item: firstCake.item, quantity: 3, editingLineId: 1 }, 5)).toMatchObject({
      reason: "MAX_PER_ORDER",
    });
    expect(checkIncrement(cart, { item: firstCake.item, quantity: 2, editingLineId: 1 }, 5)).toEqual({ ok: true });
  });
});

describe("checkQuantity: §5 max per category (maxProductsPerCartForThisCategory), per category name", () => {
  const cart = [coffee(1, 2), coffee(2, 2), cake(3, 4)];

  test.each([
    ["another coffee item counts toward the same category: 4 + 1 = 5", 1, { ok: true }],
    ["4 + 2 = 6 > 5", 2, { ok: false, reason: "MAX_PER_CATEGORY", limit: 5, category: "Coffees" }],
  ])("%s", (_title, quantity, expected) => {
    expect(checkQuantity(cart, { item: coffee(3, 0).item, quantity }, null)).toEqual(expected);
  });

  test("items of other categories do not count", () => {
    expect(checkQuantity([cake(1, 40)], { item: coffee(3, 0).item, quantity: 5 }, null)).toEqual({ ok: true });
  });

  test("a category without a limit is never blocked", () => {
    expect(checkQuantity([cake(1, 40)], { item: cake(2, 0).item, quantity: 40 }, null)).toEqual({ ok: true });
  });
});

describe("checkQuantity: §5 stock, when enabled and aligned to cart addition", () => {
  test.each([
    ["within stock", stocked(3), [], 3, { ok: true }],
    ["above stock", stocked(3), [], 4, { ok: false, reason: "LOW_STOCK", limit: 3 }],
    ["across lines of the same item", stocked(3), [stocked(3)], 3, { ok: false, reason: "LOW_STOCK", limit: 3 }],
    ["out of stock (0)", stocked(0), [], 1, { ok: false, reason: "LOW_STOCK", limit: 0 }],
    ["stock not aligned to cart addition: not enforced", stocked(3, false), [], 10, { ok: true }],
    ["stock disabled: not enforced", stocked(3, true, false), [], 10, { ok: true }],
    ["unknown amount (null): not enforced", stocked(null), [], 10, { ok: true }],
  ])("%s", (_title, modalLine, cart, quantity, expected) => {
    expect(checkQuantity(cart, { item: modalLine.item, quantity }, null)).toEqual(expected);
  });

  test("the first limit hit is reported: per order before category before stock", () => {
    const item = { ...stocked(1).item, productCategoryName: "Coffees", maxProductsPerCartForThisCategory: 1 };
    expect(checkQuantity([], { item, quantity: 2 }, 1)).toMatchObject({ reason: "MAX_PER_ORDER" });
    expect(checkQuantity([], { item, quantity: 2 }, 0)).toMatchObject({ reason: "MAX_PER_CATEGORY" });
    expect(
      checkQuantity([], { item: { ...item, maxProductsPerCartForThisCategory: null }, quantity: 2 }, 0),
    ).toMatchObject({
      reason: "LOW_STOCK",
    });
  });
});

describe("checkAddButton: §5 the button banner does not enforce max per order in edit mode", () => {
  const fullLine = cake(1, 5);
  const fullCart = [fullLine];

  test.each([
    ["add mode, cart full: banner", "add", { ok: false, reason: "MAX_PER_ORDER", limit: 5 }],
    ["edit mode, cart full: no banner", "edit", { ok: true }],
  ] as const)("%s", (_title, mode, expected) => {
    const editingLineId = mode === "edit" ? 1 : null;
    const quantity = mode === "edit" ? 6 : 1;
    expect(checkAddButton(fullCart, { item: fullLine.item, quantity, editingLineId }, 5, mode)).toEqual(expected);
  });

  test("edit mode still shows the low-stock banner", () => {
    const line1 = stocked(2);
    expect(checkAddButton([line1], { item: line1.item, quantity: 3, editingLineId: 9 }, 0, "edit")).toMatchObject({
      reason: "LOW_STOCK",
    });
  });

  test("the flag", () => {
    expect(BANNER_ENFORCES_MAX_PER_ORDER).toEqual({ add: true, edit: false });
  });

  test("cartQuantity sums pieces", () => {
    expect(cartQuantity([cake(1, 2), coffee(2, 3)])).toBe(5);
  });
});

describe("decrementQuantity: §5 quantity decrement minimum 1, or 0 in edit mode", () => {
  test.each([
    ["add", 3, 2],
    ["add", 1, 1],
    ["edit", 1, 0],
    ["edit", 0, 0],
  ] as const)("%s mode: %i -> %i", (mode, from, to) => {
    expect(decrementQuantity(from, mode)).toBe(to);
  });

  test("minimumQuantity", () => {
    expect([minimumQuantity("add"), minimumQuantity("edit")]).toEqual([1, 0]);
  });
});

describe("normalizeKilos: §5 per-kg items need a number above 0; above 1000 is capped to 1000", () => {
  test.each([
    [0, { ok: false }],
    [-1, { ok: false }],
    [Number.NaN, { ok: false }],
    [0.0004, { ok: false }],
    [0.001, { ok: true, kilos: 0.001 }],
    [0.35, { ok: true, kilos: 0.35 }],
    [1.2345, { ok: true, kilos: 1.235 }],
    [1000, { ok: true, kilos: 1000 }],
    [1000.5, { ok: true, kilos: 1000 }],
    [5000, { ok: true, kilos: 1000 }],
    [Number.POSITIVE_INFINITY, { ok: true, kilos: 1000 }],
  ])("%s -> %o", (input, expected) => {
    expect(normalizeKilos(input)).toEqual(expected);
  });

  propTest.prop([fc.double({ noNaN: false })])("capping kilos is idempotent", (input) => {
    const once = normalizeKilos(input);
    if (once.ok) expect(normalizeKilos(once.kilos)).toEqual(once);
    else expect(Number.isNaN(input) || input <= 0.0005).toBe(true);
  });

  propTest.prop([fc.double({ min: 0.001, max: 1e9, noNaN: true })])(
    "a valid weight never exceeds KILOS_CAP",
    (input) => {
      const result = normalizeKilos(input);
      expect(result.ok && result.kilos > 0 && result.kilos <= KILOS_CAP).toBe(true);
    },
  );
});

describe("parseKilos: typed weights, dot or Greek decimal comma", () => {
  test.each([
    ["0,5", 0.5],
    ["0.5", 0.5],
    [" 2 ", 2],
    [",25", 0.25],
    ["3.", 3],
  ])("%o -> %s", (text, expected) => {
    expect(parseKilos(text)).toBe(expected);
  });

  test.each(["", "abc", "1,2,3", "-1", "1e3", "0x10"])("%o is not a number", (text) => {
    expect(parseKilos(text)).toBeNaN();
  });
});
