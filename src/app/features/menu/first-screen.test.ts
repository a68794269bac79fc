import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_ITEM_ROWS, priorityPhotosOf } from "./first-screen";

const sections = (...sizes: number[]) => sizes.map((size) => ({ items: Array.from({ length: size }) }));

describe("priorityPhotosOf: the first screen's photos load first (issue 13 item 1)", () => {
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
