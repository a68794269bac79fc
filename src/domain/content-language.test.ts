import { describe, expect, it } from "vitest";
import { differentContentLanguage, shownLanguageOf } from "./content-language";
import { pickTranslation, type Translations } from "./languages";

const espresso: Translations = {
  GRE: { name: "Εσπρέσο" },
  ENG: { name: "Espresso" },
  ITA: { name: "Caffè espresso" },
};

describe("the language menu content is shown in (spec §4: extra languages change menu content only)", () => {
  it("is the extra language where the entity has it, else the UI language", () => {
    expect(shownLanguageOf(espresso, "ENG", "ITA")).toBe("ITA");
    expect(shownLanguageOf(espresso, "ENG", "DEU")).toBe("ENG");
    expect(shownLanguageOf(espresso, "GRE", null)).toBe("GRE");
    expect(shownLanguageOf(espresso, "ENG")).toBe("ENG");
  });

  it("is Greek when the UI language's text is missing, as pickTranslation falls back", () => {
    const greekOnly = { GRE: { name: "Κουλούρι" } } as unknown as Translations;
    expect(shownLanguageOf(greekOnly, "ENG", "ITA")).toBe("GRE");
    expect(pickTranslation(greekOnly, "ENG", "ITA").name).toBe("Κουλούρι");
  });

  it("agrees with pickTranslation on every combination", () => {
    for (const ui of ["GRE", "ENG"] as const) {
      for (const extra of [null, "ITA", "DEU"] as const) {
        const language = shownLanguageOf(espresso, ui, extra);
        expect(pickTranslation(espresso, ui, extra)).toBe(espresso[language]);
      }
    }
  });

  it("needs a mark of its own only where it differs from the page's language (the UI's)", () => {
    expect(differentContentLanguage(espresso, "ENG", "ITA")).toBe("ITA");
    expect(differentContentLanguage(espresso, "ENG", "DEU")).toBeNull();
    expect(differentContentLanguage(espresso, "GRE", null)).toBeNull();
    const greekOnly = { GRE: { name: "Κουλούρι" } } as unknown as Translations;
    expect(differentContentLanguage(greekOnly, "ENG", null)).toBe("GRE");
  });
});
