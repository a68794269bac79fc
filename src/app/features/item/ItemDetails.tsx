/** The item modal's read-only part: photo, description and prices (spec §2 "Item modal"). */
import type { CartItem } from "../../../domain/cart";
import { pickTranslation } from "../../../domain/languages";
import { contentLang } from "../../i18n/content-lang";
import { useLanguage } from "../../i18n/language-store";
import { ItemPhoto } from "../menu/ItemPhoto";
import { ItemPrice } from "../menu/ItemPrice";
import type { MenuPricing } from "../menu/menu-pricing";
import { useMediaQuery } from "../shell/use-media-query";
import { ItemDescription } from "./ItemDescription";
import { itemPhotoShown, WIDER_THAN_DESKTOP_TERMINAL } from "./photo-visibility";

interface ItemDetailsProps {
  item: CartItem;
  /** The menu's photo of the item (cart lines do not keep photos); null when it has none. */
  photo: string | null;
  hidePhotosOfItems: boolean;
  isPda: boolean;
  pricing: MenuPricing;
}

export function ItemDetails({ item, photo, hidePhotosOfItems, isPda, pricing }: ItemDetailsProps) {
  const language = useLanguage();
  const wideScreen = useMediaQuery(WIDER_THAN_DESKTOP_TERMINAL);
  const details = pickTranslation(item.names, language.ui, language.extra).details;
  const showPhoto = itemPhotoShown({ photo, hidePhotosOfItems, isPda, wideScreen });
  return (
    <div className="item-details">
      {showPhoto && photo && <ItemPhoto photo={photo} width={480} height={270} className="item-details__photo" />}
      {details && <ItemDescription text={details} lang={contentLang(item.names, language)} />}
      <ItemPrice item={item} pricing={pricing} size="large" />
    </div>
  );
}
