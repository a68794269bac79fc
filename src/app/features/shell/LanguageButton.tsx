/**
 * The header's language button: shows the current flag and opens the language modal. The modal's
 * code loads on first use (its few texts are in the first-load catalog, so it waits for no other);
 * it is not needed to show the menu.
 */
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { currentLanguage } from "../../../domain/language-choice";
import type { ExtraLanguage } from "../../../domain/languages";
import { LANGUAGE_ENDONYM, LANGUAGE_TAG } from "../../i18n/language-names";
import { useLanguage } from "../../i18n/language-store";
import { withChunkTimeout } from "../../navigation/chunk-load";
import { Flag } from "./Flag";
import type { PickerTheme } from "./screens";

// Spec §8: code that fails or hangs past the time-out is a ChunkLoadError for the error screen's retry.
const LanguageModal = lazy(() => withChunkTimeout(() => import("./LanguageModal")));

interface LanguageButtonProps {
  storeExtraLanguages: readonly ExtraLanguage[];
  theme: PickerTheme;
}

export function LanguageButton({ storeExtraLanguages, theme }: LanguageButtonProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const shown = currentLanguage(useLanguage());

  return (
    <>
      <button
        type="button"
        className={`language-button language-button--${theme}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Flag language={shown} size={24} />
        {/* The name reads "Language: Italiano"; the visible part is the language's own name. */}
        <span className="visually-hidden">{t`Language:`} </span>
        <span className="language-button__name" lang={LANGUAGE_TAG[shown]}>
          {LANGUAGE_ENDONYM[shown]}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <LanguageModal storeExtraLanguages={storeExtraLanguages} theme={theme} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
