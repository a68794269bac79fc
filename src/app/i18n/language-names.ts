import type { Language } from "../../domain/languages";

/**
 * Each language named in itself (an endonym), as language pickers do: an Italian guest looks for
 * "Italiano" whatever the current UI language, so these names are deliberately not translated.
 */
export const LANGUAGE_ENDONYM: Record<Language, string> = {
  GRE: "Ελληνικά",
  ENG: "English",
  ITA: "Italiano",
  FRA: "Français",
  DEU: "Deutsch",
  ROU: "Română",
  BGR: "Български",
  SRB: "Srpski",
};

/** BCP 47 tag of each language, for the `lang` attribute of its endonym. */
export const LANGUAGE_TAG: Record<Language, string> = {
  GRE: "el",
  ENG: "en",
  ITA: "it",
  FRA: "fr",
  DEU: "de",
  ROU: "ro",
  BGR: "bg",
  SRB: "sr-Latn",
};
