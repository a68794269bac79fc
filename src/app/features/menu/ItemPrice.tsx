/**
 * An item's price as the guest pays it now: the happy-hour price beside the struck regular one
 * while the happy hour runs, "/ kg" for per-kg items, and the member (all-inclusive) price when the
 * service shows it (spec §2 item modal "prices (regular and member/all-inclusive)", §9). Until the
 * live rules are loaded (use-live-rules.ts) it shows the list price, which is what those rules
 * give any guest outside the happy hour.
 */
import { useLingui } from "@lingui/react/macro";
import type { CartItem } from "../../../domain/cart";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";
import { memberPriceText } from "./membership-wording";
import type { MenuPricing } from "./menu-pricing";
import type { ItemPriceView } from "./price-view";
import { useLiveRules } from "./use-live-rules";
import "./item-price.css";

interface ItemPriceProps {
  item: CartItem;
  /** null until the live rules are loaded. */
  pricing: MenuPricing | null;
  /** "large" in the item modal. */
  size?: "regular" | "large";
}

export function ItemPrice({ item, pricing, size = "regular" }: ItemPriceProps) {
  const { i18n, t } = useLingui();
  const { ui } = useLanguage();
  const live = useLiveRules();
  if (!item.priceable) return null;
  const view: ItemPriceView =
    live && pricing
      ? live.itemPriceView(item, pricing)
      : { paidCents: item.priceCents, withoutHappyHourCents: item.priceCents, memberCents: null };
  const price = (cents: number) => {
    const text = formatPrice(cents, ui);
    return item.perKg ? t`${text} / kg` : text;
  };

  return (
    <div className={`item-price item-price--${size}`}>
      <p className="item-price__current">
        {view.paidCents !== view.withoutHappyHourCents ? (
          <>
            <del className="item-price__before">
              <span className="visually-hidden">{t`Regular price`} </span>
              {price(view.withoutHappyHourCents)}
            </del>{" "}
            <strong className="item-price__now">
              <span className="visually-hidden">{t`Happy-hour price`} </span>
              {price(view.paidCents)}
            </strong>
          </>
        ) : (
          <strong>{price(view.paidCents)}</strong>
        )}
      </p>
      {view.memberCents !== null && pricing && (
        <p className="item-price__member">
          {i18n._(memberPriceText(pricing.storeIsHotel, price(view.memberCents), view.memberCents === 0))}
        </p>
      )}
    </div>
  );
}
