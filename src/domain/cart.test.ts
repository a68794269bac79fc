import { fc, test as propTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import {
  addLine,
  alwaysSeparateLine,
  type Cart,
  type CartLineDraft,
  cartItemOf,
  clearCart,
  EMPTY_CART,
  linesMerge,
  removeLine,
  updateLine,
} from "./cart";
import { lineTotalCents, REGULAR_PRICES } from "./prices";
import { draft, group, item, option } from "./test-support";

const addAll = (drafts: readonly CartLineDraft[], start: Cart = EMPTY_CART): Cart => drafts.reduce(addLine, start);

describe("addLine: §4 cart add merges when item, trimmed comment, service, store, subselections and price match", () => {
  const base = draft({}, { comment: "no sugar", selection: { 2: [21, 22] } });

  test.each([
    ["identical lines merge", base, true],
    ["comment equal after trimming merges", { ...base, comment: "  no sugar " }, true],
    ["comment equal after emoji stripping merges", { ...base, comment: "no sugar 🙏" }, true],
    ["same options picked in another order merge", { ...base, selection: { 2: [22, 21] }, quantity: 3 }, true],
    ["different item", { ...base, item: { ...base.item, id: 2 } }, false],
    ["different comment", { ...base, comment: "no ice" }, false],
    ["different service", { ...base, serviceId: 2 }, false],
    ["different store", { ...base, storeId: 2 }, false],
    ["different subselections", { ...base, selection: { 2: [22] } }, false],
    ["different price", { ...base, item: { ...base.item, priceCents: 501 } }, false],
    ["different member price", { ...base, item: { ...base.item, membershipPriceCents: 100 } }, false],
    ["an item that became a free request", { ...base, item: { ...base.item, request: true } }, false],
    [
      "an item whose rental terms changed",
      { ...base, item: { ...base.item, rental: { unit: "hour" as const, maxUnits: 8 } } },
      false,
    ],
    [
      "different rental dates (spec §5 V22: a line with other dates is another line)",
      { ...base, rental: { pickUpAt: "2026-07-01T07:00:00Z", returnAt: "2026-07-02T07:00:00Z", units: 1 } },
      false,
    ],
  ])("%s", (_title, second, merges) => {
    const cart = addAll([base, second]);
    expect(cart.lines).toHaveLength(merges ? 1 : 2);
    if (merges) expect(cart.lines[0]?.quantity).toBe(base.quantity + second.quantity);
  });

  test("a changed price of a selected option keeps lines apart", () => {
    const withOption = (priceCents: number) =>
      draft({ subselections: [group(2, { options: [option(21, { priceCents })] })] }, { selection: { 2: [21] } });
    expect(addAll([withOption(50), withOption(60)]).lines).toHaveLength(2);
  });

  test.each([
    ["Deals", { productCategoryName: "Deals" }],
    ["non-measurable", { measurable: false }],
    ["per-kg", { perKg: true }],
  ])("§4 %s items are always separate lines", (_title, overrides) => {
    const separate = draft(overrides);
    expect(alwaysSeparateLine(separate.item)).toBe(true);
    expect(linesMerge(separate, separate)).toBe(false);
    const cart = addAll([separate, separate]);
    expect(cart.lines.map((l) => [l.id, l.quantity])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  test("new lines take nextItemId, which then advances; a merge does not use an id", () => {
    const cart = addAll([draft({ id: 1 }), draft({ id: 2 }), draft({ id: 1 })]);
    expect(cart.lines.map((l) => [l.id, l.item.id, l.quantity])).toEqual([
      [1, 1, 2],
      [2, 2, 1],
    ]);
    expect(cart.nextItemId).toBe(3);
  });

  test("§5 the stored comment is cleaned (emoji stripped, trimmed)", () => {
    expect(addLine(EMPTY_CART, draft({}, { comment: "  χωρίς πάγο 🧊 " })).lines[0]?.comment).toBe("χωρίς πάγο");
  });

  test("is immutable: the given cart and its lines are unchanged", () => {
    const first = addLine(EMPTY_CART, draft());
    const snapshot = structuredClone(first);
    addLine(first, draft());
    addLine(first, draft({ id: 9 }));
    expect(first).toEqual(snapshot);
  });

  test.each([0, -1, 1.5, Number.NaN])("rejects quantity %s when adding", (quantity) => {
    expect(() => addLine(EMPTY_CART, draft({}, { quantity }))).toThrow(RangeError);
  });

  test("cartItemOf keeps the pricing and limit fields (a request's flag too: it prices 0) and drops the rest", () => {
    const snapshot = cartItemOf(item(7, { photo: "/p.webp", request: true }));
    expect(snapshot).not.toHaveProperty("photo");
    expect(snapshot).toMatchObject({
      id: 7,
      priceCents: 500,
      perKg: false,
      stockEnabled: false,
      subselections: [],
      request: true,
    });
  });
});

describe("updateLine / removeLine: edit mode", () => {
  const cart = addAll([draft({ id: 1 }), draft({ id: 2 })]);

  test("changes quantity, kilos, comment and selection of one line only", () => {
    const updated = updateLine(cart, 2, { quantity: 4, comment: " well done 🔥 ", selection: { 2: [22] } });
    expect(updated.lines[1]).toMatchObject({ id: 2, quantity: 4, comment: "well done", selection: { 2: [22] } });
    expect(updated.lines[0]).toBe(cart.lines[0]);
  });

  test("§4 edit mode: quantity 0 removes the line", () => {
    expect(updateLine(cart, 1, { quantity: 0 }).lines.map((l) => l.id)).toEqual([2]);
  });

  test.each([-1, 2.5])("rejects quantity %s when updating", (quantity) => {
    expect(() => updateLine(cart, 1, { quantity })).toThrow(RangeError);
  });

  test("an unknown line id leaves the cart as it is", () => {
    expect(removeLine(cart, 99)).toBe(cart);
    expect(updateLine(cart, 99, { quantity: 3 }).lines).toEqual(cart.lines);
  });

  test("removing keeps nextItemId while lines remain", () => {
    expect(removeLine(cart, 1)).toEqual({ lines: [cart.lines[1]], nextItemId: 3 });
  });

  test.each([
    ["removing the last line", (c: Cart) => removeLine(removeLine(c, 1), 2)],
    ["edit to quantity 0 of the last line", (c: Cart) => updateLine(removeLine(c, 1), 2, { quantity: 0 })],
    ["clearing the cart", () => clearCart()],
  ])("§4 emptying the cart resets the next item id: %s", (_title, empty) => {
    const emptied = empty(cart);
    expect(emptied).toEqual(EMPTY_CART);
    expect(addLine(emptied, draft()).lines[0]?.id).toBe(1);
  });
});

describe("cart properties", () => {
  // A small pool so that merges actually happen: 3 items x 2 comments x 2 selections, one per-kg item.
  const pooledDraft = fc
    .record({
      itemId: fc.constantFrom(1, 2, 3),
      comment: fc.constantFrom("", " no ice "),
      optionId: fc.constantFrom(21, 22),
      quantity: fc.integer({ min: 1, max: 5 }),
    })
    .map(({ itemId, comment, optionId, quantity }) =>
      draft(
        {
          id: itemId,
          priceCents: itemId * 110,
          perKg: itemId === 3,
          subselections: [group(2, { options: [option(21, { priceCents: 30 }), option(22, { priceCents: 70 })] })],
        },
        { comment, quantity, kilos: itemId === 3 ? 0.25 : null, selection: { 2: [optionId] } },
      ),
    );
  const total = (cart: Cart) => cart.lines.reduce((sum, l) => sum + lineTotalCents(l, REGULAR_PRICES), 0);
  const pieces = (cart: Cart) => cart.lines.reduce((sum, l) => sum + l.quantity, 0);

  propTest.prop([
    fc
      .array(pooledDraft, { maxLength: 12 })
      .chain((drafts) =>
        fc.tuple(
          fc.constant(drafts),
          fc.shuffledSubarray(drafts, { minLength: drafts.length, maxLength: drafts.length }),
        ),
      ),
  ])("merge is commutative in totals: any order of adding gives the same total and quantity", ([drafts, shuffled]) => {
    const inOrder = addAll(drafts);
    const reordered = addAll(shuffled);
    expect(total(reordered)).toBe(total(inOrder));
    expect(pieces(reordered)).toBe(pieces(inOrder));
    expect(reordered.lines).toHaveLength(inOrder.lines.length);
  });

  propTest.prop([fc.array(pooledDraft, { maxLength: 12 })])(
    "merging never changes the total against one line per addition",
    (drafts) => {
      const separate = drafts.reduce((sum, d) => sum + lineTotalCents(d, REGULAR_PRICES), 0);
      expect(total(addAll(drafts))).toBe(separate);
    },
  );

  propTest.prop([fc.array(pooledDraft, { minLength: 1, maxLength: 8 })])(
    "line ids are unique and below nextItemId",
    (drafts) => {
      const cart = addAll(drafts);
      const ids = cart.lines.map((l) => l.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(Math.max(...ids)).toBeLessThan(cart.nextItemId);
    },
  );
});
