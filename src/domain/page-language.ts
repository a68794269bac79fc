/**
 * The language a server-rendered page is made in: the one the device shows. The device keeps its
 * choice in its own storage (language-choice.ts: the UI language saved, an extra menu language for
 * the tab) and mirrors both into cookies of the same names, which reach the server with a page
 * load: the UI language's kept as long as a saved choice, the extra language's for the browser's
 * session. The server applies the device's own rule to them, so a guest who chose English or an
 * extra menu language gets the page in it, and the app hydrates it as it is, with no switch after.
 */
import { chooseLanguage, currentLanguage, restoreLanguage } from "./language-choice";
import { type Language, LOCALE_OF } from "./languages";

/** The cookies' names. */
export const LANGUAGE_COOKIES = { ui: "language", extra: "extraLanguage" } as const;

/** The language of the page for these cookies (name -> value); Greek without them or with anything unknown. */
export function pageLanguage(cookies: Readonly<Record<string, string | undefined>>): Language {
  return currentLanguage(
    restoreLanguage(cookies[LANGUAGE_COOKIES.ui] ?? null, cookies[LANGUAGE_COOKIES.extra] ?? null),
  );
}

/** The Lingui locale of a page in `language`: an extra menu language's interface is English. */
export function pageLocale(language: Language): (typeof LOCALE_OF)[keyof typeof LOCALE_OF] {
  return LOCALE_OF[chooseLanguage(language).state.ui];
}
