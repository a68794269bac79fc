import { describe, expect, it } from "vitest";
import {
  ALLERGENS,
  type AllergenDeclaration,
  allergensNotStated,
  dietaryConflicts,
  filterByAllergens,
  hiddenByFilter,
  isFood,
  parseAvoided,
  repeatedIndexes,
  toggleAvoided,
} from "./allergens";

interface Dish extends AllergenDeclaration {
  id: number;
}
const bread: Dish = { id: 1, allergens: ["gluten", "sesame"] };
const salad: Dish = { id: 2, allergens: [] };
const cheesePie: Dish = { id: 3, allergens: ["gluten", "milk", "eggs"] };
const undeclared: Dish = { id: 4 };

describe("allergens (Regulation (EU) 1169/2011 Annex II)", () => {
  it("lists the Annex's 14 allergens, in its order, each once", () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(new Set(ALLERGENS).size).toBe(14);
    expect(ALLERGENS[0]).toBe("gluten");
    expect(ALLERGENS[13]).toBe("molluscs");
  });

  it("a dietary tag contradicts the allergens it excludes: vegan with milk, vegetarian with fish, gluten-free with gluten", () => {
    expect(dietaryConflicts({ allergens: ["milk", "nuts"], dietary: ["vegan"] })).toEqual([
      { tag: "vegan", allergen: "milk" },
    ]);
    expect(dietaryConflicts({ allergens: ["fish"], dietary: ["vegetarian", "gluten-free"] })).toEqual([
      { tag: "vegetarian", allergen: "fish" },
    ]);
    expect(dietaryConflicts({ allergens: ["gluten"], dietary: ["gluten-free"] })).toEqual([
      { tag: "gluten-free", allergen: "gluten" },
    ]);
  });

  it("consistent declarations have no conflict: vegan with nuts, vegetarian with milk and eggs, no allergens stated", () => {
    expect(dietaryConflicts({ allergens: ["nuts", "soybeans"], dietary: ["vegan", "gluten-free"] })).toEqual([]);
    expect(dietaryConflicts({ allergens: ["milk", "eggs"], dietary: ["vegetarian"] })).toEqual([]);
    expect(dietaryConflicts({ dietary: ["vegan"] })).toEqual([]);
  });

  it("repeatedIndexes points at the second and later copies only", () => {
    expect(repeatedIndexes(["milk", "eggs", "milk", "milk"])).toEqual([2, 3]);
    expect(repeatedIndexes(["milk", "eggs"])).toEqual([]);
  });
});

describe("the menu's 'Without…' filter", () => {
  it("hides the items that list an avoided allergen and counts them", () => {
    const { shown, hidden } = filterByAllergens([bread, salad, cheesePie, undeclared], ["gluten"]);
    expect(shown.map((item) => item.id)).toEqual([2, 4]);
    expect(hidden).toBe(2);
  });

  it("nothing avoided: every item shows, none hidden", () => {
    expect(filterByAllergens([bread, salad, undeclared], [])).toEqual({ shown: [bread, salad, undeclared], hidden: 0 });
  });

  it("an item without an allergen declaration is never hidden, and is marked as not stated", () => {
    expect(hiddenByFilter(undeclared, [...ALLERGENS])).toBe(false);
    expect(allergensNotStated(undeclared)).toBe(true);
    expect(allergensNotStated(salad)).toBe(false);
  });

  it("requests and rentals are not food: never marked as not stated", () => {
    expect(isFood(undeclared)).toBe(true);
    expect(allergensNotStated({ request: true })).toBe(false);
    expect(allergensNotStated({ rental: { unit: "day", maxUnits: 7 } })).toBe(false);
  });

  it("toggling keeps the Annex's order and each allergen once", () => {
    const avoided = toggleAvoided(toggleAvoided([], "milk"), "gluten");
    expect(avoided).toEqual(["gluten", "milk"]);
    expect(toggleAvoided(avoided, "milk")).toEqual(["gluten"]);
  });

  it("a stored choice is read back safely: unknown ids and non-lists are dropped", () => {
    expect(parseAvoided(["milk", "plutonium", "gluten", "milk"])).toEqual(["gluten", "milk"]);
    expect(parseAvoided("gluten")).toEqual([]);
    expect(parseAvoided(null)).toEqual([]);
  });
});
