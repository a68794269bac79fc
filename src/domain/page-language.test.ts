import { describe, expect, it } from "vitest";
import { chooseLanguage } from "./language-choice";
import { LANGUAGE_COOKIES, pageLanguage, pageLocale } from "./page-language";

describe("the language of a server-rendered page follows the device's choice (spec §4)", () => {
  it("is Greek, the default, without the cookies or with unknown values", () => {
    expect(pageLanguage({})).toBe("GRE");
    expect(pageLanguage({ [LANGUAGE_COOKIES.ui]: "KLINGON", [LANGUAGE_COOKIES.extra]: "ENG" })).toBe("GRE");
  });

  it("is the saved UI language", () => {
    expect(pageLanguage({ [LANGUAGE_COOKIES.ui]: "ENG" })).toBe("ENG");
    expect(pageLanguage({ [LANGUAGE_COOKIES.ui]: "GRE" })).toBe("GRE");
  });

  it("is the extra menu language over any saved UI language, and that means an English interface", () => {
    const language = pageLanguage({ [LANGUAGE_COOKIES.ui]: "GRE", [LANGUAGE_COOKIES.extra]: "ITA" });
    expect(language).toBe("ITA");
    expect(chooseLanguage(language).state).toEqual({ ui: "ENG", extra: "ITA" });
  });

  it("renders an extra menu language's page with the English interface", () => {
    expect(pageLocale("GRE")).toBe("el");
    expect(pageLocale("ENG")).toBe("en");
    expect(pageLocale("DEU")).toBe("en");
  });
});
