/**
 * Which language a piece of menu content is actually shown in, by the rule of pickTranslation
 * (languages.ts): the extra language when the entity has it, else the UI language, else Greek.
 * Screen readers pronounce a text by its language, so a text in another language than the page's
 * is marked with its own.
 */
import type { ExtraLanguage, Language, Translations, UiLanguage } from "./languages";

export function shownLanguageOf(names: Translations, ui: UiLanguage, extra?: ExtraLanguage | null): Language {
  if (extra && names[extra]) return extra;
  // Every entity has both UI languages by its type; data from an older cache may lack one.
  return names[ui] ? ui : "GRE";
}

/** The language to mark a content text with: its own, where it differs from the page's (the UI language); else none. */
export function differentContentLanguage(
  names: Translations,
  ui: UiLanguage,
  extra?: ExtraLanguage | null,
): Language | null {
  const shown = shownLanguageOf(names, ui, extra);
  return shown === ui ? null : shown;
}
