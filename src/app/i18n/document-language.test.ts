/**
 * <html lang> says the interface's language (screen readers pick their voice by it, browsers their
 * hyphenation): Greek in index.html before any script runs, then whatever the guest's language is
 * on load and after every change. Real compiled catalogs, a fresh module graph per test.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
  document.documentElement.lang = "xx";
});

describe("the document's language follows the interface's (spec §4 languages, §9 default GRE)", () => {
  it("index.html says Greek, the default language, before the app has loaded", () => {
    const html = readFileSync(resolve(__dirname, "../../../index.html"), "utf8");
    expect(/<html lang="([^"]+)"/.exec(html)?.[1]).toBe("el");
  });

  it("is Greek on a first load with nothing saved, English when English was saved", async () => {
    const store = await import("./language-store");
    await store.initLanguage();
    expect(document.documentElement.lang).toBe("el");

    vi.resetModules();
    localStorage.setItem("language", "ENG");
    const again = await import("./language-store");
    await again.initLanguage();
    expect(document.documentElement.lang).toBe("en");
  });

  it("changes with every choice: English, then Italian menu texts under the English interface, then Greek", async () => {
    const store = await import("./language-store");
    await store.initLanguage();
    await store.selectLanguage("ENG");
    expect(document.documentElement.lang).toBe("en");
    // An extra language changes menu texts only (each marked with its own lang, content-lang.ts).
    await store.selectLanguage("ITA");
    expect(document.documentElement.lang).toBe("en");
    await store.selectLanguage("GRE");
    expect(document.documentElement.lang).toBe("el");
  });
});
