/**
 * The stored cart of a store and service, live: it updates after every change, in this tab or
 * another. Dexie and its React hook are heavy (about 31 KB gzip), so only lazily loaded modules
 * import this file (the cart bar, the cart screen, the item modal); the menu's first load does not.
 */
import { useLiveQuery } from "dexie-react-hooks";
import type { Cart } from "../../../domain/cart";
import { appDb } from "../../db/app-db";
import { type CartKey, readCart } from "../../db/cart-repository";

/** The cart, or undefined while IndexedDB is being read. Throws (to an ErrorBoundary) when storage fails. */
export function useCart(key: CartKey): Cart | undefined {
  return useLiveQuery(() => readCart(appDb(), key), [key.storeId, key.serviceId]);
}
