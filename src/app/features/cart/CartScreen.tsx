/**
 * The cart (spec §2 "cart" /:service/:tableId/cart): the lines of this store and service with
 * their options, comment, quantity or weight and line totals, and the total with every price rule
 * that applies (prices.ts). A tap on a line opens the item modal in edit mode. Sending the order
 * comes with the checkout: the button is there, disabled, and says so.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { pickTranslation } from "../../../domain/languages";
import { priceCart } from "../../../domain/prices";
import { spotKind } from "../../../domain/spots";
import type { ServiceMenuData } from "../../venue/load-venue";
import { SpotBadge } from "../../venue/SpotBadge";
import { useItemModal } from "../item/item-modal-context";
import { menuPricing } from "../menu/menu-pricing";
import { OpenState, OrderingNoteText } from "../menu/ServiceStatusText";
import { useMenuView } from "../menu/use-menu-view";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { ErrorBoundary } from "../shell/ErrorBoundary";
import { usePageTitle } from "../shell/use-page-title";
import { CartLineRow } from "./CartLineRow";
import { CartSkeleton } from "./CartSkeleton";
import { CartTotals } from "./CartTotals";
import { cartKeyOf } from "./cart-key";
import { StorageUnavailable } from "./StorageUnavailable";
import { useCart } from "./use-cart";
import "./cart.css";

export function CartScreen({ venue }: { venue: ServiceMenuData }) {
  const { t } = useLingui();
  const { table, service } = venue;
  const view = useMenuView(venue);
  const serviceName = pickTranslation(service.names, view.language.ui, view.language.extra).name;
  const backToMenu = (
    <Link to="/$service/$tableId" params={view.routeParams} className="button button--quiet">
      <Trans>Back to the menu</Trans>
    </Link>
  );
  usePageTitle(t`My cart`);

  if (table.store.readOnly) {
    return (
      <EmptyStatePage
        title={t`My cart`}
        art="bag"
        heading={<Trans>No cart in this menu</Trans>}
        body={<Trans>This menu is for viewing only; please order from a member of staff.</Trans>}
        actions={backToMenu}
      />
    );
  }

  return (
    <section className="page cart" aria-labelledby="cart-title">
      <div className="menu__intro">
        <h1 id="cart-title" className="page__title">
          <Trans>My cart</Trans>
        </h1>
        <p className="cart__where">
          <SpotBadge spot={table.spot} /> <span>{serviceName}</span>
        </p>
        {view.status && view.status.note !== "open" && (
          <p className="menu__status">
            <OpenState status={view.status} /> <OrderingNoteText status={view.status} />
          </p>
        )}
      </div>
      <ErrorBoundary fallback={() => <StorageUnavailable className="cart__problem" />}>
        <CartContents venue={venue} view={view} backToMenu={backToMenu} />
      </ErrorBoundary>
    </section>
  );
}

interface CartContentsProps {
  venue: ServiceMenuData;
  view: ReturnType<typeof useMenuView>;
  backToMenu: ReactNode;
}

function CartContents({ venue, view, backToMenu }: CartContentsProps) {
  const { openLine } = useItemModal();
  const cart = useCart(cartKeyOf(venue));
  const { table, service } = venue;
  if (cart === undefined) return <CartSkeleton />;
  if (cart.lines.length === 0) {
    return (
      <div className="empty-state card">
        <h2 className="empty-state__heading">
          <Trans>Your cart is empty</Trans>
        </h2>
        <p className="empty-state__body">
          <Trans>Add something from the menu and it will appear here.</Trans>
        </p>
        <div className="empty-state__actions">{backToMenu}</div>
      </div>
    );
  }

  const kind = spotKind(table.spot.type);
  const { rules } = menuPricing(service, table.store, view.status);
  const breakdown = priceCart(cart.lines, { rules, spotKind: kind, service });
  const totals = new Map(breakdown.lines.map((line) => [line.id, line.totalCents]));

  return (
    <>
      <p id="cart-edit-hint" className="cart__hint">
        <Trans>Tap an item to change or remove it.</Trans>
      </p>
      <ul className="cart__lines">
        {cart.lines.map((line) => (
          <li key={line.id}>
            <CartLineRow
              line={line}
              totalCents={totals.get(line.id) ?? 0}
              language={view.language}
              onEdit={() => openLine(line)}
            />
          </li>
        ))}
      </ul>
      <CartTotals
        breakdown={breakdown}
        service={service}
        spotKind={kind}
        happyHourDiscount={rules.happyHourDiscountPercentage}
        language={view.language.ui}
      />
      <div className="cart__checkout">
        <button type="button" className="button cart__send" disabled aria-describedby="cart-send-note">
          <Trans>Send order</Trans>
        </button>
        <p id="cart-send-note" className="cart__send-note">
          <Trans>
            Sending orders from the app is coming soon. Your cart is kept on this phone; for now, please order from a
            member of staff.
          </Trans>
        </p>
        {backToMenu}
      </div>
    </>
  );
}
