/**
 * Languages of the product (spec §1). GRE is the default and ENG is complete; the rest are
 * "extra" languages a store may offer for its menu content only: the UI then speaks English.
 */
export const UI_LANGUAGES = ["GRE", "ENG"] as const;
export const EXTRA_LANGUAGES = ["ITA", "FRA", "DEU", "ROU", "BGR", "SRB"] as const;
export const LANGUAGES = [...UI_LANGUAGES, ...EXTRA_LANGUAGES] as const;

export type UiLanguage = (typeof UI_LANGUAGES)[number];
export type ExtraLanguage = (typeof EXTRA_LANGUAGES)[number];
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: UiLanguage = "GRE";

/** Lingui locale (BCP 47) for each UI language. */
export const LOCALE_OF: Record<UiLanguage, "el" | "en"> = { GRE: "el", ENG: "en" };

export function isUiLanguage(value: unknown): value is UiLanguage {
  return (UI_LANGUAGES as readonly unknown[]).includes(value);
}

export function isExtraLanguage(value: unknown): value is ExtraLanguage {
  return (EXTRA_LANGUAGES as readonly unknown[]).includes(value);
}

/** Text of one entity in one language. */
export interface Translation {
  name: string;
  details?: string;
}

/** Every entity carries GRE and ENG; extra languages are optional per entity. */
export type Translations = { GRE: Translation; ENG: Translation } & Partial<Record<ExtraLanguage, Translation>>;

/**
 * The text to show for content in the chosen language: the extra language when the entity has
 * it, else the UI language, else Greek (always present).
 */
export function pickTranslation(names: Translations, ui: UiLanguage, extra?: ExtraLanguage | null): Translation {
  return (extra ? names[extra] : undefined) ?? names[ui] ?? names.GRE;
}
