import { describe, expect, it } from "vitest";
import { MAX_ITEMS_PER_ORDER_LIMIT } from "./catalogue-limits";
import { categoryDraftOf, categoryFieldOfRefusal, readCategoryDraft } from "./category-draft";

const coffee = {
  version: 4,
  names: { GRE: { name: "Καφέδες" }, ENG: { name: "Coffee", details: "Hot and cold" } },
  maxProductsPerCart: null,
};

describe("readCategoryDraft: the edit an admin's category form makes", () => {
  it("an untouched form changes nothing", () => {
    expect(readCategoryDraft(coffee, categoryDraftOf(coffee))).toEqual({
      ok: true,
      edit: { version: 4 },
      changed: false,
    });
  });

  it("spec category limits: a typed limit per cart goes alone, with the version the form was opened on", () => {
    expect(readCategoryDraft(coffee, { ...categoryDraftOf(coffee), maxPerCart: " 3 " })).toEqual({
      ok: true,
      edit: { version: 4, maxProductsPerCart: 3 },
      changed: true,
    });
    const limited = { ...coffee, maxProductsPerCart: 3 };
    expect(readCategoryDraft(limited, { ...categoryDraftOf(limited), maxPerCart: "" })).toEqual({
      ok: true,
      edit: { version: 4, maxProductsPerCart: null },
      changed: true,
    });
  });

  it("spec category details: changed details send the names, an emptied one removes them", () => {
    const draft = categoryDraftOf(coffee);
    expect(
      readCategoryDraft(coffee, { ...draft, details: { ...draft.details, GRE: "Ζεστοί και κρύοι", ENG: "" } }),
    ).toEqual({
      ok: true,
      edit: { version: 4, names: { GRE: { name: "Καφέδες", details: "Ζεστοί και κρύοι" }, ENG: { name: "Coffee" } } },
      changed: true,
    });
  });

  it.each(["0", "-2", "1.5", "abc", String(MAX_ITEMS_PER_ORDER_LIMIT + 1)])(
    "refuses the limit %j (a whole number from 1 to the most per order, or empty)",
    (typed) => {
      expect(readCategoryDraft(coffee, { ...categoryDraftOf(coffee), maxPerCart: typed })).toEqual({
        ok: false,
        errors: { maxPerCart: "limit-invalid" },
      });
    },
  );

  it("refuses a missing Greek or English name beside its field", () => {
    const draft = categoryDraftOf(coffee);
    expect(readCategoryDraft(coffee, { ...draft, names: { ...draft.names, ENG: "" } })).toEqual({
      ok: false,
      errors: { "name.ENG": "name-required" },
    });
  });
});

describe("categoryFieldOfRefusal", () => {
  it.each([
    ["maxProductsPerCart: must be >= 1", "maxPerCart"],
    ["body.maxProductsPerCart: must be >= 1", "maxPerCart"],
    ["names.ENG.details: must not have more than 2000 characters", "details.ENG"],
    ["names: must have property GRE", "name.GRE"],
    ["version: must be >= 1", null],
  ])("%j → %s", (message, field) => {
    expect(categoryFieldOfRefusal(message)).toBe(field);
  });
});
