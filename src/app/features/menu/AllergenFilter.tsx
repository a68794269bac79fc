/**
 * The menu's "Without…" filter: the guest ticks the allergens to avoid and the menu hides the items
 * that list any of them (domain/allergens.ts). A disclosure button opens the choice; a polite
 * status says how many items are hidden.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { ALLERGENS, type Allergen, type AvoidedAllergens } from "../../../domain/allergens";
import { AllergenIcon } from "./AllergenIcon";
import { ALLERGEN_NAMES } from "./allergen-labels";

interface AllergenFilterProps {
  avoided: AvoidedAllergens;
  hidden: number;
  onToggle: (allergen: Allergen) => void;
  onClear: () => void;
}

export function AllergenFilter({ avoided, hidden, onToggle, onClear }: AllergenFilterProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chosen = avoided.length;
  return (
    <div className="allergen-filter">
      <button
        type="button"
        className="menu__tool allergen-filter__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <AllergenIcon id="gluten-free" size={20} />
        <Trans>Without… (allergens)</Trans>
        {chosen > 0 && <span className="allergen-filter__count">{chosen}</span>}
      </button>
      <fieldset id={panelId} className="allergen-filter__panel" hidden={!open}>
        <legend>
          <Trans>Hide items that contain</Trans>
        </legend>
        <ul>
          {ALLERGENS.map((allergen) => (
            <li key={allergen}>
              <label className="allergen-filter__option" title={t(ALLERGEN_NAMES[allergen].full)}>
                <input
                  type="checkbox"
                  checked={avoided.includes(allergen)}
                  onChange={() => onToggle(allergen)}
                  aria-describedby={`${panelId}-${allergen}`}
                />
                <AllergenIcon id={allergen} />
                {t(ALLERGEN_NAMES[allergen].short)}
              </label>
              <span id={`${panelId}-${allergen}`} className="visually-hidden">
                {t(ALLERGEN_NAMES[allergen].full)}
              </span>
            </li>
          ))}
        </ul>
        {chosen > 0 && (
          <button type="button" className="button button--quiet allergen-filter__clear" onClick={onClear}>
            <Trans>Show all items</Trans>
          </button>
        )}
      </fieldset>
      <p className="allergen-filter__status" role="status">
        {hidden > 0 && (
          <Plural
            value={hidden}
            one="# item hidden by the allergen filter"
            other="# items hidden by the allergen filter"
          />
        )}
      </p>
    </div>
  );
}
