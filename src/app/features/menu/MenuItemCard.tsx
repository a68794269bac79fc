/**
 * One item of the menu list: name, description, price and photo, in the guest's language. The item
 * modal (subselections, quantity, add to cart) will open from here in a later issue.
 */
import { Trans } from "@lingui/react/macro";
import type { ItemDto } from "../../../domain/api";
import { pickTranslation } from "../../../domain/languages";
import type { LanguageState } from "../../i18n/language-choice";
import { formatPrice } from "../../i18n/money";
import { ItemPhoto } from "./ItemPhoto";

interface MenuItemCardProps {
  item: ItemDto;
  language: LanguageState;
  showPhoto: boolean;
}

export function MenuItemCard({ item, language, showPhoto }: MenuItemCardProps) {
  const text = pickTranslation(item.names, language.ui, language.extra);
  const price = formatPrice(item.priceCents, language.ui);

  return (
    <article className="menu-item" aria-labelledby={`item-${item.id}`}>
      <div className="menu-item__text">
        <h3 id={`item-${item.id}`} className="menu-item__name">
          {text.name}
        </h3>
        {text.details && <p className="menu-item__details">{text.details}</p>}
        {item.priceable && <p className="menu-item__price">{item.perKg ? <Trans>{price} / kg</Trans> : price}</p>}
      </div>
      {showPhoto && item.photo && <ItemPhoto photo={item.photo} />}
    </article>
  );
}
