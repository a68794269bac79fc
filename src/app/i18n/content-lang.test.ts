import { describe, expect, it } from "vitest";
import type { Translations } from "../../domain/languages";
import { contentLang } from "./content-lang";

const juice: Translations = {
  GRE: { name: "Φρέσκος χυμός πορτοκάλι" },
  ENG: { name: "Fresh orange juice" },
  ITA: { name: "Spremuta d'arancia" },
  DEU: { name: "Frisch gepresster Orangensaft" },
};

describe("menu texts in another language than the interface carry their own lang (screen readers pronounce them)", () => {
  it("marks Italian and German names under the English interface with it and de", () => {
    expect(contentLang(juice, { ui: "ENG", extra: "ITA" })).toBe("it");
    expect(contentLang(juice, { ui: "ENG", extra: "DEU" })).toBe("de");
  });

  it("leaves texts in the interface's language unmarked: they take <html lang>", () => {
    expect(contentLang(juice, { ui: "GRE", extra: null })).toBeUndefined();
    expect(contentLang(juice, { ui: "ENG", extra: null })).toBeUndefined();
    // An item without the extra language shows its English text, in the page's language.
    const water: Translations = { GRE: { name: "Νερό" }, ENG: { name: "Water" } };
    expect(contentLang(water, { ui: "ENG", extra: "ITA" })).toBeUndefined();
  });
});
