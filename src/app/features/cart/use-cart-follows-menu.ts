/**
 * The stored cart follows the menu as read last (a live catalogue change reads it again): its
 * lines' prices and stock become the menu's (domain/cart-follows-menu.ts), so the cart's total
 * follows a changed price and a line whose item sold out is marked before the guest sends. The
 * order itself is still priced by the server: a total it does not agree with is refused
 * (PRICE_CHANGED), never charged silently.
 */
import { useEffect } from "react";
import type { ItemDto } from "../../../domain/api";
import type { Cart } from "../../../domain/cart";
import { linesFollowingMenu } from "../../../domain/cart-follows-menu";
import { appDb } from "../../db/app-db";
import { type CartKey, changeCart } from "../../db/cart-repository";

export function useCartFollowsMenu(key: CartKey, cart: Cart | undefined, menuItems: readonly ItemDto[]): void {
  const { storeId, serviceId } = key;
  useEffect(() => {
    if (cart === undefined || linesFollowingMenu(cart.lines, menuItems) === null) return;
    // Against the cart as stored at the write, in its transaction (another tab may have changed it).
    void changeCart(appDb(), { storeId, serviceId }, (current) => {
      const lines = linesFollowingMenu(current.lines, menuItems);
      return lines === null ? current : { ...current, lines };
    }).catch(() => undefined);
  }, [cart, menuItems, storeId, serviceId]);
}
