import { describe, expect, it } from "vitest";
import type { CategoryDto, ItemDto } from "../../../domain/api";
import { foldForSearch, menuSections, searchItems } from "./menu-sections";

const category = (id: number, name: string): CategoryDto => ({
  id,
  names: { GRE: { name }, ENG: { name } },
  maxProductsPerCart: null,
});

const item = (id: number, categoryId: number, gre: string, eng: string, ita?: string): ItemDto => ({
  id,
  categoryId,
  names: { GRE: { name: gre }, ENG: { name: eng }, ...(ita ? { ITA: { name: ita } } : {}) },
  photo: null,
  priceCents: 400,
  membershipPriceCents: null,
  memberPriceEnabled: false,
  membershipAdditionCents: null,
  measurable: false,
  perKg: false,
  priceable: true,
  request: false,
  productCategoryName: "Coffee",
  maxProductsPerCartForThisCategory: null,
  stockEnabled: false,
  stockAlignedToCartAddition: false,
  stockAmount: null,
  subselections: [],
});

describe("menu sections", () => {
  it("keeps the venue's category order and drops empty categories", () => {
    const sections = menuSections({
      categories: [category(2, "Drinks"), category(1, "Coffee"), category(3, "Empty")],
      items: [item(10, 1, "Φρέντο", "Freddo"), item(11, 2, "Μπύρα", "Beer"), item(12, 1, "Ελληνικός", "Greek coffee")],
    });
    expect(sections.map((section) => section.category.id)).toEqual([2, 1]);
    expect(sections[1]?.items.map((entry) => entry.id)).toEqual([10, 12]);
  });
});

describe("menu search", () => {
  const items = [
    item(1, 1, "Καφές φίλτρου", "Filter coffee"),
    item(2, 1, "Χυμός πορτοκάλι", "Orange juice", "Succo d'arancia"),
  ];

  it("ignores case and Greek accents", () => {
    expect(foldForSearch("Καφές")).toBe("καφες");
    expect(searchItems(items, "ΚΑΦΕΣ", "GRE", null).map((entry) => entry.id)).toEqual([1]);
  });

  it("searches the language shown, including an extra language", () => {
    expect(searchItems(items, "orange", "ENG", null).map((entry) => entry.id)).toEqual([2]);
    expect(searchItems(items, "succo", "ENG", "ITA").map((entry) => entry.id)).toEqual([2]);
  });

  it("matches names, not descriptions", () => {
    const described = {
      ...item(3, 1, "Φραπέ", "Frappé"),
      names: { GRE: { name: "Φραπέ" }, ENG: { name: "Frappé", details: "Instant coffee shaken with ice" } },
    };
    expect(searchItems([described], "frappe", "ENG", null).map((entry) => entry.id)).toEqual([3]);
    expect(searchItems([described], "ice", "ENG", null)).toEqual([]);
  });

  it("finds nothing for an empty query", () => {
    expect(searchItems(items, "  ", "GRE", null)).toEqual([]);
  });
});
