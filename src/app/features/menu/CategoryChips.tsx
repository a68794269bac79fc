/**
 * The category filter (spec §4 "Categories: All (-1) is active when nothing else is; picking a
 * category deactivates All; removing the last active category reactivates All"). Toggle buttons;
 * the rules are src/domain/categories.ts, the active set lives in the address (categories route).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { CategoryDto } from "../../../domain/api";
import { type ActiveCategories, isCategoryActive } from "../../../domain/categories";
import { CATEGORY_ALL_ID } from "../../../domain/constants";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";

interface CategoryChipsProps {
  categories: readonly CategoryDto[];
  active: ActiveCategories;
  language: LanguageState;
  onToggle: (categoryId: number) => void;
}

export function CategoryChips({ categories, active, language, onToggle }: CategoryChipsProps) {
  const { t } = useLingui();
  return (
    <fieldset className="menu__categories">
      <legend className="visually-hidden">{t`Categories`}</legend>
      <ul>
        <li>
          <button
            type="button"
            className="menu__category"
            aria-pressed={isCategoryActive(active, CATEGORY_ALL_ID)}
            onClick={() => onToggle(CATEGORY_ALL_ID)}
          >
            <Trans>All</Trans>
          </button>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <button
              type="button"
              className="menu__category"
              aria-pressed={isCategoryActive(active, category.id)}
              onClick={() => onToggle(category.id)}
            >
              {pickTranslation(category.names, language.ui, language.extra).name}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
