import { describe, expect, it } from "vitest";
import { FIRST_RENDER_ITEM_ROWS, FIRST_SCREEN_ITEM_ROWS, firstRowsOf, priorityPhotosOf } from "./first-screen";

const sections = (...sizes: number[]) => sizes.map((size) => ({ items: Array.from({ length: size }) }));

describe("priorityPhotosOf: the first screen's photos load first", () => {
  it("gives the first rows of the page priority, across sections, and none after them", () => {
    const menu = sections(1, 2, 5, 3);
    expect([0, 1, 2, 3].map((index) => priorityPhotosOf(menu, index))).toEqual([1, 2, 1, 0]);
    expect([0, 1, 2, 3].reduce((sum, index) => sum + priorityPhotosOf(menu, index), 0)).toBe(FIRST_SCREEN_ITEM_ROWS);
  });

  it("a long first section takes every priority slot; a short menu gives all its rows", () => {
    expect(priorityPhotosOf(sections(10, 4), 0)).toBe(FIRST_SCREEN_ITEM_ROWS);
    expect(priorityPhotosOf(sections(10, 4), 1)).toBe(0);
    expect(priorityPhotosOf(sections(2), 0)).toBe(2);
    expect(priorityPhotosOf(sections(), 0)).toBe(0);
  });
});

describe("firstRowsOf: the rows rendered with the first paint, the rest right after", () => {
  it("keeps whole sections before the cut, the first items of the section it ends in, none after", () => {
    const menu = sections(2, 3, 4);
    expect(firstRowsOf(menu, 4).map((section) => section.items.length)).toEqual([2, 2]);
    expect(firstRowsOf(menu, 5).map((section) => section.items.length)).toEqual([2, 3]);
    expect(firstRowsOf(menu, 1).map((section) => section.items.length)).toEqual([1]);
  });

  it("gives every section, untouched, once the rest may render (null) or when the menu is short", () => {
    const menu = sections(2, 3, 4);
    expect(firstRowsOf(menu, null)).toEqual(menu);
    expect(firstRowsOf(menu, FIRST_RENDER_ITEM_ROWS + 100)).toEqual(menu);
    expect(firstRowsOf(menu, null)[0]).toBe(menu[0]);
  });

  it("renders at least the rows whose photos load first", () => {
    expect(FIRST_RENDER_ITEM_ROWS).toBeGreaterThanOrEqual(FIRST_SCREEN_ITEM_ROWS);
  });
});
