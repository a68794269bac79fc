import { describe, expect, test } from "vitest";
import {
  ALL_CATEGORIES_ACTIVE,
  isCategoryActive,
  itemsInActiveCategories,
  showsAll,
  toggleCategory,
} from "./categories";
import { CATEGORY_ALL_ID } from "./constants";

describe("toggleCategory: §4 categories", () => {
  test.each([
    ["All (-1) is active when nothing else is", ALL_CATEGORIES_ACTIVE, [], ALL_CATEGORIES_ACTIVE],
    ["picking a category deactivates All", [-1], [5], [5]],
    ["picking a second category keeps the first", [-1], [5, 7], [5, 7]],
    ["toggling one of two off keeps the other", [5, 7], [5], [7]],
    ["removing the last active category reactivates All", [5], [5], [-1]],
    ["picking All clears the others", [5, 7], [CATEGORY_ALL_ID], [-1]],
    ["picking All while active keeps All (it cannot be switched off)", [-1], [CATEGORY_ALL_ID], [-1]],
    ["an empty set behaves like All", [], [5], [5]],
  ] as const)("%s", (_title, start, picks, expected) => {
    const result = picks.reduce<readonly number[]>((active, id) => toggleCategory(active, id), start);
    expect(result).toEqual(expected);
  });

  test("never mutates the given active set", () => {
    const active = Object.freeze([5, 7]);
    toggleCategory(active, 5);
    toggleCategory(active, 9);
    expect(active).toEqual([5, 7]);
  });
});

describe("isCategoryActive / showsAll", () => {
  test.each([
    ["All is the active chip initially", [-1], CATEGORY_ALL_ID, true],
    ["a category is not active while All is", [-1], 5, false],
    ["an active category", [5, 7], 7, true],
    ["All is not active while a category is", [5], CATEGORY_ALL_ID, false],
    ["an empty set shows All as active", [], CATEGORY_ALL_ID, true],
  ])("%s", (_title, active, id, expected) => {
    expect(isCategoryActive(active, id)).toBe(expected);
  });

  test("showsAll is true only without a specific filter", () => {
    expect(showsAll([-1])).toBe(true);
    expect(showsAll([])).toBe(true);
    expect(showsAll([5])).toBe(false);
  });
});

describe("itemsInActiveCategories: the menu shows the active categories' items", () => {
  const items = [
    { id: 1, categoryId: 5 },
    { id: 2, categoryId: 7 },
    { id: 3, categoryId: 9 },
  ];

  test.each([
    ["All shows every item", [-1], [1, 2, 3]],
    ["one category", [7], [2]],
    ["two categories, menu order kept", [9, 5], [1, 3]],
    ["a category without items shows none", [4], []],
  ])("%s", (_title, active, expectedIds) => {
    expect(itemsInActiveCategories(items, active).map((item) => item.id)).toEqual(expectedIds);
  });
});
