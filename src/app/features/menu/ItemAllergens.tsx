/**
 * An item's allergens and dietary tags. `compact` (the menu's cards): a chip per entry, icon and
 * short name, the full name read out and shown as a title. Full (the item modal): the regulation's
 * names in a list, and a clear sentence when the venue declared none or did not state them. A
 * request or a rental shows nothing unless the venue stated something for it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type AllergenDeclaration, allergensNotStated, isFood } from "../../../domain/allergens";
import { AllergenIcon } from "./AllergenIcon";
import { ALLERGEN_NAMES, DIETARY_NAMES } from "./allergen-labels";

interface ItemAllergensProps {
  item: AllergenDeclaration;
  compact?: boolean;
  /** The menu's filter is on: an item without a declaration says so on its card. */
  markNotStated?: boolean;
}

export function ItemAllergens({ item, compact = false, markNotStated = false }: ItemAllergensProps) {
  const { t } = useLingui();
  const allergens = item.allergens ?? [];
  const dietary = item.dietary ?? [];
  if (compact) {
    const chips = [
      ...dietary.map((tag) => ({ id: tag, kind: "diet", short: t(DIETARY_NAMES[tag]), full: t(DIETARY_NAMES[tag]) })),
      ...allergens.map((a) => ({
        id: a,
        kind: "allergen",
        short: t(ALLERGEN_NAMES[a].short),
        full: t(ALLERGEN_NAMES[a].full),
      })),
    ];
    return (
      <>
        {chips.length > 0 && (
          <ul className="allergen-chips" aria-label={t`Allergens and diet`}>
            {chips.map((chip) => (
              <li key={chip.id} className={`allergen-chip allergen-chip--${chip.kind}`} title={chip.full}>
                <AllergenIcon id={chip.id} size={14} />
                <span aria-hidden="true">{chip.short}</span>
                <span className="visually-hidden">{chip.full}</span>
              </li>
            ))}
          </ul>
        )}
        {markNotStated && allergensNotStated(item) && (
          <p className="allergen-chips__unknown">
            <Trans>Allergens not stated</Trans>
          </p>
        )}
      </>
    );
  }
  if (!isFood(item) && item.allergens === undefined && dietary.length === 0) return null;
  return (
    <section className="item-allergens" aria-labelledby="item-allergens-title">
      <h3 id="item-allergens-title" className="item-allergens__title">
        <Trans>Allergens</Trans>
      </h3>
      {item.allergens === undefined ? (
        <p>
          <Trans>The venue has not stated this item's allergens. Ask a member of staff.</Trans>
        </p>
      ) : allergens.length === 0 ? (
        <p>
          <Trans>Contains none of the 14 allergens of EU law.</Trans>
        </p>
      ) : (
        <ul className="item-allergens__list">
          {allergens.map((a) => (
            <li key={a}>
              <AllergenIcon id={a} size={20} />
              {t(ALLERGEN_NAMES[a].full)}
            </li>
          ))}
        </ul>
      )}
      {dietary.length > 0 && (
        <ul className="item-allergens__list item-allergens__list--diet" aria-label={t`Diet`}>
          {dietary.map((tag) => (
            <li key={tag}>
              <AllergenIcon id={tag} size={20} />
              {t(DIETARY_NAMES[tag])}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
