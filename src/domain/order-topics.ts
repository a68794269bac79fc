/**
 * The STOMP destinations of live order status (design.md "Real time"; GET /api/stomp):
 *   /topic/orders/{orderId}          one order: its guest, or staff of its store
 *   /topic/stores/{storeId}/orders   every order of a store: its staff only
 *   /topic/stores/{storeId}/openings every table opening of a store (live open tables,
 *                                    OpeningChangedEvent): its staff only
 *   /topic/stores/{storeId}/tickets  every kitchen ticket of a store (TicketChangedEvent): its staff only
 *   /topic/stores/{storeId}/calls    guests calling a waiter or asking to pay (WaiterCallEvent): its staff only
 *   /topic/tables/{tableId}/bill     the spot's bill changed (BillChangedEvent): the guests at that
 *                                    spot (who may read its bill) and its store's staff
 *   /topic/stores/{storeId}/catalogue the store's catalogue changed (CatalogueChangedEvent: stock,
 *                                    prices, an import): anyone, a guest with no session too (the
 *                                    menu it announces is public)
 * Shared by the server (which parses and authorizes them) and the app (which subscribes).
 */
export type OrderTopic =
  | { kind: "order"; orderId: number }
  | { kind: "store"; storeId: number }
  | { kind: "storeOpenings"; storeId: number }
  | { kind: "storeTickets"; storeId: number }
  | { kind: "storeCalls"; storeId: number }
  | { kind: "tableBill"; tableId: number }
  | { kind: "storeCatalogue"; storeId: number };

export function orderDestination(orderId: number): string {
  return `/topic/orders/${orderId}`;
}

export function storeOrdersDestination(storeId: number): string {
  return `/topic/stores/${storeId}/orders`;
}

export function storeOpeningsDestination(storeId: number): string {
  return `/topic/stores/${storeId}/openings`;
}

export function storeTicketsDestination(storeId: number): string {
  return `/topic/stores/${storeId}/tickets`;
}

export function storeCallsDestination(storeId: number): string {
  return `/topic/stores/${storeId}/calls`;
}

export function tableBillDestination(tableId: number): string {
  return `/topic/tables/${tableId}/bill`;
}

export function storeCatalogueDestination(storeId: number): string {
  return `/topic/stores/${storeId}/catalogue`;
}

/** Ids are positive integers as the API writes them (no sign, no leading zero, at most 15 digits). */
const ID = "([1-9][0-9]{0,14})";
const ORDER = new RegExp(`^/topic/orders/${ID}$`);
const STORE = new RegExp(`^/topic/stores/${ID}/orders$`);
const STORE_OPENINGS = new RegExp(`^/topic/stores/${ID}/openings$`);
const STORE_TICKETS = new RegExp(`^/topic/stores/${ID}/tickets$`);
const STORE_CALLS = new RegExp(`^/topic/stores/${ID}/calls$`);
const STORE_CATALOGUE = new RegExp(`^/topic/stores/${ID}/catalogue$`);
const TABLE_BILL = new RegExp(`^/topic/tables/${ID}/bill$`);

/** The topic a destination names, or null for anything else (which the server refuses). */
export function parseOrderDestination(destination: string): OrderTopic | null {
  const order = ORDER.exec(destination);
  if (order?.[1] !== undefined) return { kind: "order", orderId: Number(order[1]) };
  const store = STORE.exec(destination);
  if (store?.[1] !== undefined) return { kind: "store", storeId: Number(store[1]) };
  const openings = STORE_OPENINGS.exec(destination);
  if (openings?.[1] !== undefined) return { kind: "storeOpenings", storeId: Number(openings[1]) };
  const tickets = STORE_TICKETS.exec(destination);
  if (tickets?.[1] !== undefined) return { kind: "storeTickets", storeId: Number(tickets[1]) };
  const calls = STORE_CALLS.exec(destination);
  if (calls?.[1] !== undefined) return { kind: "storeCalls", storeId: Number(calls[1]) };
  const catalogue = STORE_CATALOGUE.exec(destination);
  if (catalogue?.[1] !== undefined) return { kind: "storeCatalogue", storeId: Number(catalogue[1]) };
  const bill = TABLE_BILL.exec(destination);
  if (bill?.[1] !== undefined) return { kind: "tableBill", tableId: Number(bill[1]) };
  return null;
}
