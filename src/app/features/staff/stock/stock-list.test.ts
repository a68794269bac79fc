import { describe, expect, it } from "vitest";
import type { StaffCatalogue, StaffCatalogueItem } from "../../../../domain/staff-catalogue-api";
import { PLAIN_SERVICE_SETTINGS } from "../../../test-support/service-settings";
import { filterCatalogue, isSoldOut, piecesLeftChange, soldOutToggle } from "./stock-list";

function item(itemId: number, gre: string, eng: string, stock: Partial<StaffCatalogueItem> = {}): StaffCatalogueItem {
  return {
    itemId,
    version: 1,
    names: { GRE: { name: gre }, ENG: { name: eng } },
    priceCents: 350,
    membershipPriceCents: null,
    memberPriceEnabled: false,
    membershipAdditionCents: null,
    perKg: false,
    photo: null,
    stockEnabled: false,
    stockAmount: null,
    ...stock,
  };
}

const catalogue: StaffCatalogue = {
  storeId: 1,
  catalogueVersion: 4,
  services: [
    {
      serviceId: 10,
      version: 1,
      slug: "beach-bar",
      names: { GRE: { name: "Μπαρ" }, ENG: { name: "Beach bar" } },
      ...PLAIN_SERVICE_SETTINGS,
      categories: [
        {
          categoryId: 100,
          version: 1,
          names: { GRE: { name: "Καφέδες" }, ENG: { name: "Coffees" } },
          maxProductsPerCart: null,
          items: [item(1, "Φρέντο εσπρέσο", "Freddo espresso"), item(2, "Καπουτσίνο", "Cappuccino")],
        },
        {
          categoryId: 101,
          version: 1,
          names: { GRE: { name: "Μπίρες" }, ENG: { name: "Beers" } },
          maxProductsPerCart: null,
          items: [item(3, "Μύθος", "Mythos")],
        },
      ],
    },
  ],
};

describe("the Stock view's rules", () => {
  it("sold out is counted with none left; counted with some left or not counted is on sale", () => {
    expect(isSoldOut({ stockEnabled: true, stockAmount: 0 })).toBe(true);
    expect(isSoldOut({ stockEnabled: true, stockAmount: 3 })).toBe(false);
    expect(isSoldOut({ stockEnabled: false, stockAmount: null })).toBe(false);
  });

  it("one tap: sold out sends {stockEnabled:true, stockAmount:0}; back in stock {stockEnabled:false, stockAmount:null}", () => {
    expect(soldOutToggle({ stockEnabled: false, stockAmount: null })).toEqual({ stockEnabled: true, stockAmount: 0 });
    expect(soldOutToggle({ stockEnabled: true, stockAmount: 5 })).toEqual({ stockEnabled: true, stockAmount: 0 });
    expect(soldOutToggle({ stockEnabled: true, stockAmount: 0 })).toEqual({ stockEnabled: false, stockAmount: null });
  });

  it("pieces left: a whole number counts the stock, empty stops counting, anything else is refused", () => {
    expect(piecesLeftChange("12")).toEqual({ stockEnabled: true, stockAmount: 12 });
    expect(piecesLeftChange(" 0 ")).toEqual({ stockEnabled: true, stockAmount: 0 });
    expect(piecesLeftChange("")).toEqual({ stockEnabled: false, stockAmount: null });
    expect(piecesLeftChange("-1")).toBeNull();
    expect(piecesLeftChange("2.5")).toBeNull();
    expect(piecesLeftChange("2000000")).toBeNull();
  });

  it("the search finds items by any language's name without accents; empty groups drop out", () => {
    const coffee = filterCatalogue(catalogue, "φρεντο");
    expect(coffee.services[0]?.categories.map((c) => c.items.map((i) => i.itemId))).toEqual([[1]]);
    expect(filterCatalogue(catalogue, "MYTH").services[0]?.categories.map((c) => c.categoryId)).toEqual([101]);
    expect(filterCatalogue(catalogue, "nothing like it").services).toEqual([]);
    expect(filterCatalogue(catalogue, "  ")).toBe(catalogue);
  });
});
