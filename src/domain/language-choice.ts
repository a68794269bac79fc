/**
 * Language rules of spec §4: GRE is the default; GRE and ENG are UI languages and a choice of one
 * of them clears the extra language and is saved; an extra language (ITA, DEU, ...) only changes
 * menu content and forces the UI to English, and is not saved as the UI language.
 */
import {
  DEFAULT_LANGUAGE,
  type ExtraLanguage,
  isExtraLanguage,
  isUiLanguage,
  type Language,
  UI_LANGUAGES,
  type UiLanguage,
} from "./languages";

export interface LanguageState {
  /** Language of the interface (Lingui locale). */
  ui: UiLanguage;
  /** Language of menu content on top of the UI language, if the guest picked one. */
  extra: ExtraLanguage | null;
}

export interface LanguageChoiceOutcome {
  state: LanguageState;
  /** UI language to save for the next visit; null when the choice must not be saved. */
  saveUi: UiLanguage | null;
}

export function chooseLanguage(choice: Language): LanguageChoiceOutcome {
  if (isUiLanguage(choice)) {
    return { state: { ui: choice, extra: null }, saveUi: choice };
  }
  return { state: { ui: "ENG", extra: choice }, saveUi: null };
}

/** State at start-up from what was saved; anything unrecognised falls back to Greek. */
export function restoreLanguage(savedUi: string | null, savedExtra: string | null): LanguageState {
  if (isExtraLanguage(savedExtra)) return { ui: "ENG", extra: savedExtra };
  return { ui: isUiLanguage(savedUi) ? savedUi : DEFAULT_LANGUAGE, extra: null };
}

/** The flags the language modal offers: always GRE and ENG, then the store's extra languages. */
export function languagesOffered(storeExtraLanguages: readonly ExtraLanguage[]): Language[] {
  return [...UI_LANGUAGES, ...storeExtraLanguages.filter((language, index, all) => all.indexOf(language) === index)];
}

/** The language whose flag is marked as current in the modal and on the header button. */
export function currentLanguage(state: LanguageState): Language {
  return state.extra ?? state.ui;
}
