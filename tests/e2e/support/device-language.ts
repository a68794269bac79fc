/**
 * A device whose guest chose a language earlier, for the pages the server renders in it
 * (domain/page-language.ts).
 */
import type { BrowserContext } from "@playwright/test";
import { test } from "./test";

/** The languages a page is rendered in: the default, the other UI language, and a menu's extra language. */
export const DEVICE_LANGUAGES = ["GRE", "ENG", "ITA"] as const;
export type DeviceLanguage = (typeof DEVICE_LANGUAGES)[number];

/**
 * A device that chose `language` earlier, as the language modal leaves it: the choice in its
 * storage (the UI language saved, an extra language for the tab) and mirrored in its cookies.
 */
export async function deviceIn(context: BrowserContext, language: DeviceLanguage): Promise<void> {
  const stored = language === "ITA" ? { extraLanguage: "ITA" } : { language };
  const origin = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1").origin;
  await context.addCookies(Object.entries(stored).map(([name, value]) => ({ name, value, url: origin })));
  await context.addInitScript(
    (saved) => {
      if (saved.language) localStorage.setItem("language", saved.language);
      if (saved.extraLanguage) sessionStorage.setItem("extraLanguage", saved.extraLanguage);
    },
    stored as { language?: string; extraLanguage?: string },
  );
}
