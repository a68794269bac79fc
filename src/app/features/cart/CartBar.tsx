/**
 * The cart button of the menu screens: how many pieces and the total so far, one tap from the
 * cart. Hidden while the cart is empty. Loaded after the menu has painted (it needs Dexie).
 */
import { Plural, Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { cartQuantity } from "../../../domain/limits";
import { priceCart } from "../../../domain/prices";
import { spotKind } from "../../../domain/spots";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";
import type { ServiceMenuData } from "../../venue/load-venue";
import { useServiceStatus } from "../menu/use-service-status";
import { cartKeyOf } from "./cart-key";
import { useCart } from "./use-cart";
import { useCartFollowsMenu } from "./use-cart-follows-menu";
import { useGuestPriceRules } from "./use-guest-price-rules";
import "./cart.css";

export default function CartBar({ venue }: { venue: ServiceMenuData }) {
  const { table, service } = venue;
  const { ui } = useLanguage();
  const key = cartKeyOf(venue);
  const cart = useCart(key);
  useCartFollowsMenu(key, cart, venue.menu.items);
  const status = useServiceStatus(service, table.store, table.spot);
  const rules = useGuestPriceRules(service, table.store, status);
  if (cart === undefined || cart.lines.length === 0) return null;
  const count = cartQuantity(cart.lines);
  const { totalCents } = priceCart(cart.lines, {
    rules,
    spotKind: spotKind(table.spot.type),
    service,
  });

  return (
    <div className="cart-bar">
      <Link
        to="/$service/$tableId/cart"
        params={{ service: service.slug, tableId: table.spot.id }}
        className="cart-bar__link"
      >
        <span className="cart-bar__count" aria-hidden="true">
          {count}
        </span>
        <span className="cart-bar__label">
          <Trans>View cart</Trans>
          <span className="visually-hidden">
            {" "}
            (<Plural value={count} one="# item" other="# items" />)
          </span>
        </span>
        <span className="cart-bar__total">{formatPrice(totalCents, ui)}</span>
      </Link>
    </div>
  );
}
