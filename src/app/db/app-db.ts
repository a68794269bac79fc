/**
 * The app's one IndexedDB database (Dexie): everything a guest typed or chose that must survive a
 * reload, a closed tab or a dropped connection (ARCHITECTURE.md "Offline"). Today the cart; later
 * issues add delivery info, the session and the outbox of pending sends as new tables.
 *
 * Loaded only on demand (the menu's first render does not wait for it): import this module from
 * lazily loaded code only.
 */
import Dexie, { type Table } from "dexie";
import type { CartLine } from "../../domain/cart";

/** A cart line as stored: the domain's line, keyed by store, service and line id. */
export type CartLineRow = CartLine;

/** Per cart (store + service): the next line id (spec §3 "Local storage keeps: cart, next item id"). */
export interface CartMetaRow {
  storeId: number;
  serviceId: number;
  nextItemId: number;
}

export type CartLineKey = [storeId: number, serviceId: number, lineId: number];
export type CartMetaKey = [storeId: number, serviceId: number];

export const APP_DB_NAME = "kyma";

export class AppDatabase extends Dexie {
  // `declare`: Dexie creates the table properties itself; a class field would overwrite them.
  declare cartLines: Table<CartLineRow, CartLineKey>;
  declare cartMeta: Table<CartMetaRow, CartMetaKey>;

  constructor(name: string = APP_DB_NAME) {
    super(name);
    // Never change a shipped version: add version(2) with the new tables (and an upgrade when
    // stored rows change shape). Guests' phones hold carts written by every earlier version.
    this.version(1).stores({
      // A cart's lines sort by id under one [store, service] prefix.
      cartLines: "[storeId+serviceId+id]",
      cartMeta: "[storeId+serviceId]",
    });
  }
}

let database: AppDatabase | undefined;

/** The app's database, opened on first use. */
export function appDb(): AppDatabase {
  database ??= new AppDatabase();
  return database;
}

let persistenceAsked = false;

/**
 * Asks the browser not to evict the app's storage under pressure (a cart must not vanish because
 * the phone ran short of space). Once per page; the browser may say no, which changes nothing.
 */
export function askToKeepStorage(): void {
  if (persistenceAsked) return;
  persistenceAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}
