/**
 * The `lang` attribute of a menu text (an item's name and description, a category, an option):
 * its own language's tag where it is shown in another language than the page's (an Italian name
 * under the English interface), so screen readers pronounce it as Italian; else none, and the text
 * takes <html lang>, the interface's language (catalogs.ts).
 */
import { differentContentLanguage } from "../../domain/content-language";
import type { LanguageState } from "../../domain/language-choice";
import type { Translations } from "../../domain/languages";
import { LANGUAGE_TAG } from "./language-names";

export function contentLang(names: Translations, language: LanguageState): string | undefined {
  const other = differentContentLanguage(names, language.ui, language.extra);
  return other === null ? undefined : LANGUAGE_TAG[other];
}
