import { describe, expect, it } from "vitest";
import { linesFollowingMenu } from "./cart-follows-menu";
import { item, line, names } from "./test-support";

describe("the cart follows a menu read again (live catalogue changes)", () => {
  it("a changed price reaches the line's snapshot, so the cart's total follows", () => {
    const lines = [line(1, { id: 7, priceCents: 500 }), line(2, { id: 8, priceCents: 300 })];
    const next = linesFollowingMenu(lines, [item(7, { priceCents: 650 }), item(8, { priceCents: 300 })]);
    expect(next?.map((l) => l.item.priceCents)).toEqual([650, 300]);
    // The unchanged line is the same object.
    expect(next?.[1]).toBe(lines[1]);
  });

  it("spec §5 Stock: an item sold out meanwhile is sold out in the cart's snapshot", () => {
    const next = linesFollowingMenu([line(1, { id: 7 })], [item(7, { stockEnabled: true, stockAmount: 0 })]);
    expect(next?.[0]?.item).toMatchObject({ stockEnabled: true, stockAmount: 0 });
  });

  it("keeps the guest's names and choices, and an item no longer on the menu as it was", () => {
    const lines = [
      line(1, { id: 7, names: names("Old name") }, { quantity: 3, comment: "no ice" }),
      line(2, { id: 9 }),
    ];
    const next = linesFollowingMenu(lines, [item(7, { names: names("New name"), priceCents: 900 })]);
    expect(next?.[0]).toMatchObject({
      quantity: 3,
      comment: "no ice",
      item: { names: names("Old name"), priceCents: 900 },
    });
    expect(next?.[1]).toBe(lines[1]);
  });

  it("nothing changed: null (no write)", () => {
    expect(linesFollowingMenu([line(1, { id: 7 })], [item(7)])).toBeNull();
  });
});
