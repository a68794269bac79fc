/**
 * An item's price as the guest pays it now: the happy-hour price beside the struck regular one
 * while the happy hour runs, "/ kg" for per-kg items, and the member (all-inclusive) price when the
 * service shows it (spec §2 item modal "prices (regular and member/all-inclusive)", §9). The
 * screens pass list-price rules until the clock knows the time (use-menu-view.ts), so the member
 * line is there from the first render and only a running happy hour changes the tag later.
 * A request (towels, a pillow) costs nothing and says "Request" instead of a price.
 */
import { useLingui } from "@lingui/react/macro";
import type { CartItem } from "../../../domain/cart";
import { isRequest } from "../../../domain/prices";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";
import { RequestMark } from "../shell/OrderMarks";
import { memberPriceText } from "./membership-wording";
import type { MenuPricing } from "./menu-pricing";
import { type ItemPriceView, itemPriceView } from "./price-view";
import "./item-price.css";

interface ItemPriceProps {
  item: CartItem;
  /** null: the list price alone. */
  pricing: MenuPricing | null;
  /** "large" in the item modal. */
  size?: "regular" | "large";
}

export function ItemPrice({ item, pricing, size = "regular" }: ItemPriceProps) {
  const { i18n, t } = useLingui();
  const { ui } = useLanguage();
  if (isRequest(item)) {
    return (
      <div className={`item-price item-price--${size}`}>
        <p className="item-price__current">
          <RequestMark />
        </p>
      </div>
    );
  }
  if (!item.priceable) return null;
  const view: ItemPriceView = pricing
    ? itemPriceView(item, pricing)
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
