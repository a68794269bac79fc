import { describe, expect, it } from "vitest";
import { chooseLanguage, currentLanguage, languagesOffered, restoreLanguage } from "./language-choice";
import { pickTranslation, type Translations } from "./languages";

const dish: Translations = {
  GRE: { name: "Χωριάτικη" },
  ENG: { name: "Greek salad" },
  ITA: { name: "Insalata greca" },
};

describe("language choice (spec §4: extra language forces ENG; a normal language clears it and is saved)", () => {
  it("choosing an extra language forces the UI to English and keeps the extra language for content", () => {
    const outcome = chooseLanguage("ITA");
    expect(outcome.state).toEqual({ ui: "ENG", extra: "ITA" });
    expect(outcome.saveUi).toBeNull();
    expect(pickTranslation(dish, outcome.state.ui, outcome.state.extra).name).toBe("Insalata greca");
  });

  it("choosing Greek or English clears the extra language and is saved", () => {
    expect(chooseLanguage("GRE")).toEqual({ state: { ui: "GRE", extra: null }, saveUi: "GRE" });
    expect(chooseLanguage("ENG")).toEqual({ state: { ui: "ENG", extra: null }, saveUi: "ENG" });
  });

  it("content missing in the extra language falls back to the English UI language", () => {
    const { state } = chooseLanguage("DEU");
    expect(pickTranslation(dish, state.ui, state.extra).name).toBe("Greek salad");
  });

  it("the current flag is the extra language when one is chosen", () => {
    expect(currentLanguage({ ui: "ENG", extra: "ITA" })).toBe("ITA");
    expect(currentLanguage({ ui: "GRE", extra: null })).toBe("GRE");
  });
});

describe("restoring the saved language (spec §9: default language GRE)", () => {
  it("defaults to Greek when nothing or garbage was saved", () => {
    expect(restoreLanguage(null, null)).toEqual({ ui: "GRE", extra: null });
    expect(restoreLanguage("klingon", "XXX")).toEqual({ ui: "GRE", extra: null });
  });

  it("restores a saved UI language", () => {
    expect(restoreLanguage("ENG", null)).toEqual({ ui: "ENG", extra: null });
  });

  it("a remembered extra language still forces English", () => {
    expect(restoreLanguage("GRE", "ITA")).toEqual({ ui: "ENG", extra: "ITA" });
  });
});

describe("languages offered in the modal (spec §2: flags for GRE, ENG and the store's extra languages)", () => {
  it("lists GRE and ENG first, then the store's extra languages once each", () => {
    expect(languagesOffered([])).toEqual(["GRE", "ENG"]);
    expect(languagesOffered(["ITA", "DEU", "ITA"])).toEqual(["GRE", "ENG", "ITA", "DEU"]);
  });
});
