/**
 * The language modal (spec §2): flags for GRE, ENG and the current store's extra languages. A
 * choice applies at once and closes the modal; focus returns to the header button. The phone's
 * back button closes it, as it closes the item modal.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { currentLanguage, languagesOffered } from "../../../domain/language-choice";
import { type ExtraLanguage, isExtraLanguage, type Language } from "../../../domain/languages";
import { LANGUAGE_ENDONYM, LANGUAGE_TAG } from "../../i18n/language-names";
import { selectLanguage, useLanguage } from "../../i18n/language-store";
import { Dialog } from "./Dialog";
import { Flag } from "./Flag";
import type { PickerTheme } from "./screens";
import { useBackButtonCloses } from "./use-back-closes";

interface LanguageModalProps {
  storeExtraLanguages: readonly ExtraLanguage[];
  theme: PickerTheme;
  onClose: () => void;
}

export default function LanguageModal({ storeExtraLanguages, theme, onClose }: LanguageModalProps) {
  const { t } = useLingui();
  const current = currentLanguage(useLanguage());
  const offered = languagesOffered(storeExtraLanguages);
  useBackButtonCloses(true, onClose);

  async function choose(language: Language) {
    await selectLanguage(language);
    onClose();
  }

  return (
    <Dialog
      title={<Trans>Choose language</Trans>}
      closeLabel={t`Close`}
      onClose={onClose}
      className={theme === "dark" ? "dialog--dark" : undefined}
    >
      <ul className="language-list">
        {offered.map((language, index) => (
          <li key={language}>
            <button
              type="button"
              className="language-option"
              aria-pressed={language === current}
              data-autofocus={language === current || (index === 0 && !offered.includes(current)) || undefined}
              onClick={() => void choose(language)}
            >
              <Flag language={language} size={32} />
              <span lang={LANGUAGE_TAG[language]}>{LANGUAGE_ENDONYM[language]}</span>
              {language === current && (
                <svg className="language-option__check" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
                </svg>
              )}
            </button>
          </li>
        ))}
      </ul>
      {offered.some(isExtraLanguage) && (
        <p className="language-list__note">
          <Trans>Other languages translate the menu; the rest of the app is then shown in English.</Trans>
        </p>
      )}
    </Dialog>
  );
}
