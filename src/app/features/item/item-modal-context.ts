/**
 * Opening the item modal from anywhere on the menu and cart screens (spec §2 "The item modal is
 * available on menu and cart routes"): in add mode from a menu item, in edit mode from a cart line.
 */
import { createContext, useContext } from "react";
import type { ItemDto } from "../../../domain/api";
import type { CartLine } from "../../../domain/cart";

export type ItemModalRequest = { mode: "add"; item: ItemDto } | { mode: "edit"; line: CartLine };

export interface ItemModalApi {
  openItem(item: ItemDto): void;
  openLine(line: CartLine): void;
}

export const ItemModalContext = createContext<ItemModalApi | null>(null);

export function useItemModal(): ItemModalApi {
  const api = useContext(ItemModalContext);
  if (api === null) throw new Error("useItemModal() needs an <ItemModalProvider> above it");
  return api;
}
