import { parseCookie } from "cookie";
import { afterEach, describe, expect, it } from "vitest";
import { pageLanguage } from "../../domain/page-language";
import { mirrorLanguageInCookies } from "./language-cookies";

/** The language the server renders for this document's cookies, as it reads them. */
function serverPageLanguage(): string {
  return pageLanguage(parseCookie(document.cookie));
}

describe("the device's language choice reaches the server in its cookies (spec §4)", () => {
  afterEach(() => mirrorLanguageInCookies(null, null));

  it("a saved UI language is the server's page language", () => {
    mirrorLanguageInCookies("ENG", null);
    expect(document.cookie).toContain("language=ENG");
    expect(serverPageLanguage()).toBe("ENG");
  });

  it("an extra menu language wins over the saved UI language, and leaving it clears its cookie", () => {
    mirrorLanguageInCookies("GRE", "ITA");
    expect(serverPageLanguage()).toBe("ITA");
    mirrorLanguageInCookies("GRE", null);
    expect(document.cookie).not.toContain("extraLanguage");
    expect(serverPageLanguage()).toBe("GRE");
  });

  it("no choice leaves no cookie, and the server renders Greek", () => {
    mirrorLanguageInCookies("ENG", "DEU");
    mirrorLanguageInCookies(null, null);
    expect(document.cookie).toBe("");
    expect(serverPageLanguage()).toBe("GRE");
  });
});
