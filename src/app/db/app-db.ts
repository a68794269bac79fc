/**
 * The app's one IndexedDB database (Dexie): everything a guest typed or chose that must survive a
 * reload, a closed tab or a dropped connection (ARCHITECTURE.md "Offline"). The cart, the outbox of
 * pending checkouts, the last delivery details and queued log calls (the session has its own).
 *
 * Loaded only on demand (the menu's first render does not wait for it): import this module from
 * lazily loaded code only.
 */
import Dexie, { type Table } from "dexie";
import type { CartLine } from "../../domain/cart";
import type { LogEvent, LogRequest } from "../../domain/order-logs";
import { linesOfRequest, type OrderEnd } from "../../domain/order-rounds";
import type { DeliveryInfo, OrderStatusEvent, PlaceOrderRequest } from "../../domain/orders-api";
import { APP_DB_NAME, markDatabaseOpened } from "./stored-databases";

export { APP_DB_NAME } from "./stored-databases";

/** A cart line as stored: the domain's line, keyed by store, service and line id. */
export type CartLineRow = CartLine;

/** Per cart (store + service): the next line id (spec §3 "Local storage keeps: cart, next item id"). */
export interface CartMetaRow {
  storeId: number;
  serviceId: number;
  nextItemId: number;
}

/**
 * A checkout waiting for a definite answer (design.md "Orders: exactly once"): the request and its
 * idempotency key stay here until the server answers with an order or a refusal; retried on
 * reconnect, after a reload and after the app was closed. onHold: waiting on sign-in.
 */
export interface PendingOrderRow {
  idempotencyKey: string;
  storeId: number;
  serviceId: number;
  tableId: number;
  request: PlaceOrderRequest;
  onHold: boolean;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  /** Set once the server answered with an order: the app then follows its status. */
  orderId: number | null;
  /** The order's status in that answer: what the card shows until a live status arrives, also after a reload. */
  placedAs?: PlacedStatus;
  /**
   * The cart lines this checkout took out of the cart (domain/order-rounds.ts): what its card
   * shows, and what goes back to the cart if the order is not made.
   */
  lines: CartLine[];
  /** How it ended, once it has: the card shows it until the guest has read it, even after a reload. */
  ended: OrderEnd | null;
}

/** The guest's last delivery details (spec §3 "Local storage keeps: ... delivery info"), one row. */
export interface DeliveryInfoRow extends DeliveryInfo {
  id: "last";
}

/**
 * A waiter's money write (pay, treat, cancel, close, transfer, reopen, receipt) waiting for a
 * definite answer, with its Idempotency-Key: sent once the connection returns, never twice.
 */
export interface PendingStaffActionRow {
  idempotencyKey: string;
  /** The table opening a money write changes (indexed); absent on an order's accept or reject. */
  openingId?: number;
  /** The order an accept or reject decides; absent on table-opening writes. */
  orderId?: number;
  /** The kitchen ticket a ready, recall or picked-up changes; with lineIndex, one line of it made. */
  ticketId?: number;
  lineIndex?: number;
  /** The catalogue item a stock change sets, or the service a pause or resume changes: their writes go one after another. */
  itemId?: number;
  serviceId?: number;
  /** The API path, e.g. staff/openings/12/close, and its JSON body. */
  path: string;
  body: unknown;
  /** The HTTP method; absent: POST (every write of older versions). */
  method?: "put" | "delete";
  /** What the waiter asked for (pay, close...). */
  action: string;
  /** The same in the waiter's words, e.g. "Payment of €3.80 at Table 15", for the notices (absent on rows of older versions). */
  description?: string;
  createdAt: string;
  attempts: number;
  /** The server's "no" to an attempt made after the waiter had moved on: kept, and shown, until the waiter has seen it. */
  refused?: StaffActionRefusal;
  /** The staff account (user id) and name of the waiter who made it: it goes out only under their session (absent on rows of older versions). */
  byUserId?: number;
  byName?: string;
}

/** A refusal as the server gave it (ApiError's fields), worded when shown. */
export interface StaffActionRefusal {
  code: string;
  message: string;
  status: number | null;
  details?: Record<string, string | number> | undefined;
}

/** A §7 log call waiting to be sent (fire and forget: queued while offline, flushed later). */
export interface PendingLogRow {
  id?: number;
  event: LogEvent;
  body: LogRequest;
}

export type PlacedStatus = Pick<OrderStatusEvent, "status" | "dailyNumber" | "errorMessage" | "preparation">;

export type CartLineKey = [storeId: number, serviceId: number, lineId: number];
export type CartMetaKey = [storeId: number, serviceId: number];

export class AppDatabase extends Dexie {
  // `declare`: Dexie creates the table properties itself; a class field would overwrite them.
  declare cartLines: Table<CartLineRow, CartLineKey>;
  declare cartMeta: Table<CartMetaRow, CartMetaKey>;
  declare pendingOrders: Table<PendingOrderRow, string>;
  declare deliveryInfo: Table<DeliveryInfoRow, "last">;
  declare pendingLogs: Table<PendingLogRow, number>;
  declare pendingStaffActions: Table<PendingStaffActionRow, string>;

  constructor(name: string = APP_DB_NAME) {
    super(name);
    // Never change a shipped version: add version(2) with the new tables (and an upgrade when
    // stored rows change shape). Guests' phones hold carts written by every earlier version.
    this.version(1).stores({
      // A cart's lines sort by id under one [store, service] prefix.
      cartLines: "[storeId+serviceId+id]",
      cartMeta: "[storeId+serviceId]",
    });
    // Orders issue: the outbox of checkouts, the last delivery details and the queued log calls.
    this.version(2).stores({
      pendingOrders: "idempotencyKey, [storeId+serviceId], orderId",
      deliveryInfo: "id",
      pendingLogs: "++id",
    });
    // Table openings: a waiter's money writes waiting for the connection.
    this.version(3).stores({ pendingStaffActions: "idempotencyKey, openingId" });
    // Orders keep the lines they sent: a checkout stored by an earlier version left them in the
    // cart, so they move from the cart into it now (lines added after that send stay in the cart).
    this.version(4)
      .stores({})
      .upgrade(async (transaction) => {
        const orders = transaction.table<PendingOrderRow, string>("pendingOrders");
        const cartLines = transaction.table<CartLineRow, CartLineKey>("cartLines");
        for (const order of await orders.toArray()) {
          if (order.lines !== undefined) continue;
          const inCart = await cartLines
            .where("[storeId+serviceId+id]")
            .between([order.storeId, order.serviceId, Dexie.minKey], [order.storeId, order.serviceId, Dexie.maxKey])
            .toArray();
          const sent = linesOfRequest(inCart, order.request.lines);
          await cartLines.bulkDelete(sent.map((line) => [line.storeId, line.serviceId, line.id]));
          await orders.put({ ...order, lines: sent, ended: null });
        }
      });
  }
}

let database: AppDatabase | undefined;

/** The app's database, opened on first use. */
export function appDb(): AppDatabase {
  if (database === undefined) {
    database = new AppDatabase();
    // What waited for a stored cart, outbox or log queue (stored-databases.ts) starts now.
    markDatabaseOpened(APP_DB_NAME);
  }
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
