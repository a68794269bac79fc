/**
 * One item of the menu list: name, description, price (happy-hour and member prices included) and
 * photo, in the guest's language. The whole card is one button that opens the item modal; in a
 * read-only store it opens the same modal without ordering (spec §1 "view only"). A sold-out item
 * (spec §5 Stock; it may sell out while the menu is open) says so and has no add sign; its modal
 * cannot add it.
 */
import { Trans } from "@lingui/react/macro";
import { memo } from "react";
import type { ItemDto } from "../../../domain/api";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import { isSoldOut } from "../../../domain/sold-out";
import { contentLang } from "../../i18n/content-lang";
import { useItemModal } from "../item/item-modal-context";
import { ItemAllergens } from "./ItemAllergens";
import { ItemPhoto } from "./ItemPhoto";
import { ItemPrice } from "./ItemPrice";
import type { MenuPricing } from "./menu-pricing";

interface MenuItemCardProps {
  item: ItemDto;
  language: LanguageState;
  showPhoto: boolean;
  /** null until the live rules are loaded (list prices meanwhile). */
  pricing: MenuPricing | null;
  /** False in a read-only store: no add sign. */
  orderable: boolean;
  /** One of the first rows on screen: its photo is fetched first (ItemPhoto). */
  priorityPhoto?: boolean;
  /** The allergen filter is on: an item without a declaration says so. */
  markAllergensNotStated?: boolean;
}

/**
 * Memoised: a menu re-renders when the clock ticks or its status changes, and its cards only when
 * what they show changed (use-menu-view.ts keeps `pricing` the same object while the rules are).
 */
export const MenuItemCard = memo(function MenuItemCard({
  item,
  language,
  showPhoto,
  pricing,
  orderable,
  priorityPhoto,
  markAllergensNotStated = false,
}: MenuItemCardProps) {
  const { openItem } = useItemModal();
  const text = pickTranslation(item.names, language.ui, language.extra);
  // An Italian or German name under the English interface is read out in its own language.
  const lang = contentLang(item.names, language);
  const nameId = `item-${item.id}`;
  const soldOut = isSoldOut(item);
  const soldOutId = `item-${item.id}-sold-out`;

  return (
    <article className={soldOut ? "menu-item menu-item--sold-out" : "menu-item"} aria-labelledby={nameId}>
      <div className="menu-item__text">
        <h3 className="menu-item__name">
          <button
            type="button"
            id={nameId}
            className="menu-item__open"
            lang={lang}
            onClick={() => openItem(item)}
            aria-describedby={soldOut ? soldOutId : undefined}
          >
            {text.name}
          </button>
        </h3>
        {soldOut && (
          <p id={soldOutId} className="menu-item__sold-out">
            <Trans>Out of stock</Trans>
          </p>
        )}
        {text.details && (
          <p className="menu-item__details" lang={lang}>
            {text.details}
          </p>
        )}
        <ItemAllergens item={item} compact markNotStated={markAllergensNotStated} />
        <ItemPrice item={item} pricing={pricing} />
      </div>
      {showPhoto && item.photo && <ItemPhoto photo={item.photo} priority={priorityPhoto} />}
      {orderable && !soldOut && (
        <span className="menu-item__add" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
          </svg>
        </span>
      )}
    </article>
  );
});
