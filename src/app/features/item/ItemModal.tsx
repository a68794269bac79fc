/**
 * The item modal (spec §2 "Item modal"), in add mode from the menu and in edit mode from the cart.
 * A real dialog (shell/Dialog: labelled by the item's name, focus kept inside, Escape closes,
 * focus returns to the item). It follows the live menu: an item that sells out while the modal is
 * open says so and can no longer be added, and its details show the current price. Loaded lazily with XState, the machine and Dexie; see
 * ItemModalProvider.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { Cart } from "../../../domain/cart";
import { cartItemOf } from "../../../domain/cart";
import { pickTranslation } from "../../../domain/languages";
import { isSoldOut } from "../../../domain/sold-out";
import { appDb } from "../../db/app-db";
import { readCart } from "../../db/cart-repository";
import { contentLang } from "../../i18n/content-lang";
import { useLanguage } from "../../i18n/language-store";
import type { ServiceMenuData } from "../../venue/load-venue";
import { cartKeyOf } from "../cart/cart-key";
import { StorageUnavailable } from "../cart/StorageUnavailable";
import { ItemAllergens } from "../menu/ItemAllergens";
import { menuPricing } from "../menu/menu-pricing";
import { useServiceStatus } from "../menu/use-service-status";
import { Dialog } from "../shell/Dialog";
import { ErrorBoundary } from "../shell/ErrorBoundary";
import { ItemDetails } from "./ItemDetails";
import { ItemOrderForm } from "./ItemOrderForm";
import type { ItemModalRequest } from "./item-modal-context";
import "./item-modal.css";

export interface ItemModalProps {
  request: ItemModalRequest;
  venue: ServiceMenuData;
  onClose: () => void;
  /** The cart was changed; `message` says how, for screen readers. */
  onDone: (message: string) => void;
}

export default function ItemModal({ request, venue, onClose, onDone }: ItemModalProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const { table, service, menu } = venue;
  const item = useMemo(() => (request.mode === "add" ? cartItemOf(request.item) : request.line.item), [request]);
  // The menu as read last (a live catalogue change reads it again while the modal is open).
  const liveItem = menu.items.find((entry) => entry.id === item.id);
  const menuItem = liveItem ?? (request.mode === "add" ? request.item : undefined);
  const shownItem = useMemo(
    () => (liveItem === undefined ? item : { ...item, ...cartItemOf(liveItem) }),
    [item, liveItem],
  );
  const soldOut = isSoldOut(liveItem ?? item);
  const photo = menuItem?.photo ?? null;
  const status = useServiceStatus(service, table.store, table.spot);
  const pricing = menuPricing(service, table.store, status);
  const name = pickTranslation(item.names, language.ui, language.extra).name;
  // An Italian or German name under the English interface is read out in its own language.
  const lang = contentLang(item.names, language);

  return (
    <Dialog
      title={lang ? <span lang={lang}>{name}</span> : name}
      closeLabel={t`Close`}
      onClose={onClose}
      className="dialog--item"
    >
      <ItemDetails
        item={shownItem}
        photo={photo}
        hidePhotosOfItems={service.hidePhotosOfItems}
        isPda={table.spot.isPda}
        pricing={pricing}
      />
      {menuItem && <ItemAllergens item={menuItem} />}
      {soldOut && !table.store.readOnly && (
        <p className="item-modal__note item-modal__note--error" role="alert">
          {request.mode === "add" ? (
            <Trans>This product is out of stock and cannot be added to your cart.</Trans>
          ) : (
            <Trans>This product is out of stock: remove it from your cart to send your order.</Trans>
          )}
        </p>
      )}
      {table.store.readOnly ? (
        <p className="item-modal__note">
          <Trans>This menu is for viewing only; please order from a member of staff.</Trans>
        </p>
      ) : soldOut && request.mode === "add" ? null : (
        <ErrorBoundary fallback={() => <StorageUnavailable className="item-modal__note item-modal__note--error" />}>
          <WithCart venue={venue}>
            {(cartLines) => (
              <ItemOrderForm
                request={request}
                item={item}
                venue={venue}
                cartLines={cartLines}
                status={status}
                pricing={pricing}
                onDone={onDone}
              />
            )}
          </WithCart>
        </ErrorBoundary>
      )}
    </Dialog>
  );
}

/**
 * Renders its child once the stored cart is read: the limits count what is in it. Read once, as
 * the modal opens (the machine's input); the cart write re-checks the limits against the cart as
 * stored at that moment (save-item.ts).
 */
function WithCart({ venue, children }: { venue: ServiceMenuData; children: (lines: Cart["lines"]) => ReactNode }) {
  const { storeId, serviceId } = cartKeyOf(venue);
  const [cart, setCart] = useState<Cart | Error>();
  useEffect(() => {
    let current = true;
    readCart(appDb(), { storeId, serviceId }).then(
      (stored) => current && setCart(stored),
      (error: unknown) => current && setCart(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      current = false;
    };
  }, [storeId, serviceId]);
  // Storage refused: the ErrorBoundary around shows why.
  if (cart instanceof Error) throw cart;
  if (cart === undefined) {
    return (
      <p className="item-modal__note" role="status">
        <Trans>Loading your cart…</Trans>
      </p>
    );
  }
  return children(cart.lines);
}
