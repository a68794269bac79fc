/**
 * The cart (spec §2 "cart" /:service/:tableId/cart): the lines of this store and service with
 * their options, comment, quantity or weight and line totals, and the total with every price rule
 * that applies (prices.ts, member prices included for members). A tap on a line opens the item
 * modal in edit mode. Below: the checkout (features/checkout). Orders already sent from this spot
 * show above as cards of their own, with what each holds, until the guest has read their outcome;
 * the cart below is the next round, which can be sent while they wait.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { SavedCardDto } from "../../../domain/auth-api";
import { pickTranslation } from "../../../domain/languages";
import { priceCart } from "../../../domain/prices";
import { spotKind } from "../../../domain/spots";
import { useAthensNow } from "../../clock/use-athens-now";
import { useSession } from "../../session/use-session";
import type { ServiceMenuData } from "../../venue/load-venue";
import { SpotBadge } from "../../venue/SpotBadge";
import { spotLabel } from "../../venue/spot-label";
import { CheckoutForm } from "../checkout/CheckoutForm";
import { SentOrderCard } from "../checkout/SentOrderCard";
import { useCheckoutOptions } from "../checkout/use-checkout-options";
import { useOrderFlow } from "../checkout/use-order-flow";
import { useItemModal } from "../item/item-modal-context";
import { OpenState, OrderingNoteText } from "../menu/ServiceStatusText";
import type { OrderingNote } from "../menu/service-status";
import { useMenuView } from "../menu/use-menu-view";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { ErrorBoundary } from "../shell/ErrorBoundary";
import { usePageTitle } from "../shell/use-page-title";
import { CartLineRow } from "./CartLineRow";
import { CartSkeleton } from "./CartSkeleton";
import { CartTotals } from "./CartTotals";
import { cartKeyOf } from "./cart-key";
import { SoldOutLines } from "./SoldOutLines";
import { StorageUnavailable } from "./StorageUnavailable";
import { useCart } from "./use-cart";
import { useCartFollowsMenu } from "./use-cart-follows-menu";
import { useGuestPriceRules } from "./use-guest-price-rules";
import "./cart.css";

interface CartScreenProps {
  venue: ServiceMenuData;
  /** Opens the /cart/delete-card step for a saved card (the route navigates). */
  onDeleteCard?: (card: SavedCardDto) => void;
  /** A step shown over the cart (/cart/delete-card, /cart/change-phone). */
  overlay?: ReactNode;
}

export function CartScreen({ venue, onDeleteCard, overlay }: CartScreenProps) {
  const { t, i18n } = useLingui();
  const { table, service } = venue;
  const view = useMenuView(venue);
  const serviceName = pickTranslation(service.names, view.language.ui, view.language.extra).name;
  // A delivery link is often named like its service ("Delivery"): one label, not two.
  const sameAsSpot =
    spotLabel(table.spot, view.language.ui, (descriptor) => i18n._(descriptor)).toLowerCase() ===
    serviceName.toLowerCase();
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
          {/* A PDA's own spot is not where its orders go: the waiter picks the table below. */}
          {!table.spot.isPda && <SpotBadge spot={table.spot} />} {!sameAsSpot && <span>{serviceName}</span>}
        </p>
        {view.status && view.status.note !== "open" && (
          <p className="menu__status">
            <OpenState status={view.status} /> <OrderingNoteText status={view.status} />
          </p>
        )}
      </div>
      <ErrorBoundary fallback={() => <StorageUnavailable className="cart__problem" />}>
        <CartContents venue={venue} view={view} backToMenu={backToMenu} onDeleteCard={onDeleteCard ?? noop} />
      </ErrorBoundary>
      {overlay}
    </section>
  );
}

const noop = () => undefined;

/** Notes under which an order for "now" can go (spec §4 ordering rule); until the clock is known, the server decides. */
const NOW_NOTES: readonly OrderingNote[] = ["open", "closed-delayed", "closed-delivery"];

interface CartContentsProps {
  venue: ServiceMenuData;
  view: ReturnType<typeof useMenuView>;
  backToMenu: ReactNode;
  onDeleteCard: (card: SavedCardDto) => void;
}

function CartContents({ venue, view, backToMenu, onDeleteCard }: CartContentsProps) {
  const { openLine } = useItemModal();
  const key = cartKeyOf(venue);
  const cart = useCart(key);
  useCartFollowsMenu(key, cart, venue.menu.items);
  const { table, service } = venue;
  const flow = useOrderFlow(key, table.spot.id);
  const checkout = useCheckoutOptions(venue);
  const rules = useGuestPriceRules(service, table.store, view.status);
  const now = useAthensNow();
  const role = useSession()?.user.role;
  if (cart === undefined || flow.rows === undefined) return <CartSkeleton />;

  const byStaff = role === "WAITER" || role === "ADMIN";
  const tableNameOf = (tableId: number | null) =>
    checkout.options.availableTables.find((choice) => choice.id === tableId)?.name ?? null;
  const sent = flow.rows.map((row) => (
    <SentOrderCard
      key={row.idempotencyKey}
      row={row}
      language={view.language}
      byStaff={byStaff}
      tableName={tableNameOf(row.request.selectedTableId)}
      spotType={table.spot.type}
    />
  ));

  if (cart.lines.length === 0) {
    return (
      <>
        {sent}
        {sent.length > 0 ? (
          <div className="cart__next-round">
            <p>
              <Trans>Want something else? Add it from the menu and send it as a new order.</Trans>
            </p>
            {backToMenu}
          </div>
        ) : (
          <div className="empty-state card">
            <h2 className="empty-state__heading">
              <Trans>Your cart is empty</Trans>
            </h2>
            <p className="empty-state__body">
              <Trans>Add something from the menu and it will appear here.</Trans>
            </p>
            <div className="empty-state__actions">{backToMenu}</div>
          </div>
        )}
      </>
    );
  }

  const kind = spotKind(table.spot.type);
  const breakdown = priceCart(cart.lines, { rules, spotKind: kind, service });
  const totals = new Map(breakdown.lines.map((line) => [line.id, line.totalCents]));

  return (
    <>
      {sent}
      {sent.length > 0 && (
        <h2 className="cart__next-round-heading">
          <Trans>Your next order</Trans>
        </h2>
      )}
      <SoldOutLines lines={cart.lines} cartKey={key} language={view.language} />
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
      {view.status?.note === "paused" ? (
        // Nothing to send to a paused service: the cart waits, as the status above says why.
        <p className="cart__paused card" data-testid="cart-paused">
          <Trans>This service has paused orders. Your cart is kept: send it once orders resume.</Trans>
        </p>
      ) : (
        <CheckoutForm
          venue={venue}
          lines={cart.lines}
          breakdown={breakdown}
          options={checkout.options}
          language={view.language.ui}
          nowMs={now?.epochMs ?? null}
          nowAllowed={view.status === null || NOW_NOTES.includes(view.status.note)}
          refusal={flow.problem}
          onSend={flow.send}
          onDeleteCard={onDeleteCard}
        />
      )}
      <div className="cart__checkout">{backToMenu}</div>
    </>
  );
}
