/**
 * Everything placement decides before it writes (design.md "Orders": the server recomputes every
 * price from its own data and refuses what breaks a rule): where the order comes from, whether the
 * service takes it now or at its scheduled time, who pays how, and the price of each line with
 * the app's own pricing functions. Reads only; runs inside the placement transaction (and, for a
 * card, once before it to learn the amount to authorize).
 */
import type { Kysely } from "kysely";
import type { MenuResponse, ServiceDto } from "../../domain/api";
import { checkLocation, isValidScheduledTime, placementOpen } from "../../domain/order-placement";
import { serviceOrderingState } from "../../domain/ordering";
import type { PlaceOrderRequest } from "../../domain/orders-api";
import {
  memberPricesApplied,
  type PriceBreakdown,
  type PriceRules,
  priceCart,
  priceRulesAt,
} from "../../domain/prices";
import { type SpotKind, spotKind } from "../../domain/spots";
import { menuDocument } from "../catalogue/menu-document";
import { serviceAvailableAt, serviceDto } from "../catalogue/presenters";
import { fromDbBoolean as bool } from "../db/columns";
import { loadMenuRows } from "../db/repositories/menu.repository";
import { findServiceById } from "../db/repositories/service.repository";
import { findPlacementSpot, findSpotById } from "../db/repositories/spot.repository";
import { findStaffOfStore } from "../db/repositories/staff.repository";
import { findStoreById } from "../db/repositories/store.repository";
import type { Database } from "../db/schema";
import type { ServiceRow, SpotRow, StoreRow } from "../db/tables/catalogue.tables";
import { forbidden } from "../http/api-error";
import { athensTime, instantOf, instantOfIso } from "./athens-clock";
import { type ResolvedLine, resolveLines } from "./order-lines";
import type { CatalogueOfService, PlacementCatalogue } from "./placement-catalogue";
import { missing, outdated, refuse } from "./placement-errors";

/** Who places the order: a guest, or staff of the store on a PDA placing for a table. */
export interface PlacingAccount {
  userId: number;
  kind: "guest" | "staff";
  /** The guest's phone (memberships are by phone); null for staff. */
  phone: string | null;
  /** Staff: their store. */
  storeId: number | null;
  /** Staff: the venue file's staff id (the order's placed_by_staff_id, the opening's waiter); null for a guest. */
  staffId: number | null;
}

export interface PreparedPlacement {
  store: StoreRow;
  service: ServiceDto;
  /** The service's names as stored, for the answer (read once, not again for the answer). */
  serviceNames: ServiceRow["names"];
  spot: SpotRow;
  spotKind: SpotKind;
  selectedTableId: number | null;
  chargingRoomId: number | null;
  /** The spots the order names (its spot, selected table, charging room), for the answer. */
  spots: ReadonlyMap<number, SpotRow>;
  rules: PriceRules;
  lines: ResolvedLine[];
  breakdown: PriceBreakdown;
  /** Member prices applied to a line: the order is a member order. */
  memberPrices: boolean;
  /** A waiter's order: the waiter serving it (venue file staff id and name); null for a guest's. */
  servedBy: { staffId: number; name: string } | null;
}

export async function preparePlacement(
  db: Kysely<Database>,
  account: PlacingAccount,
  request: PlaceOrderRequest,
  now: Date,
  catalogue: PlacementCatalogue,
): Promise<PreparedPlacement> {
  const found = await findPlacementSpot(db, request.tableId, account.phone, now.toISOString());
  if (found === undefined) throw missing("TABLE_NOT_FOUND", `There is no table ${request.tableId}`);
  const { spot, catalogueVersion, isMember } = found;
  // The service, its store and menu as read at this very version, if a placement read them before.
  const kept = catalogue.get(request.serviceId, spot.store_id, catalogueVersion);
  const serviceRow = kept?.serviceRow ?? (await findServiceById(db, request.serviceId));
  if (
    serviceRow === undefined ||
    serviceRow.store_id !== spot.store_id ||
    !(kept?.availableAt ?? serviceAvailableAt(serviceRow)).includes(spot.type)
  ) {
    throw missing("SERVICE_NOT_FOUND", `Table ${spot.id} cannot order from service ${request.serviceId}`);
  }
  const store = kept?.store ?? (await findStoreById(db, spot.store_id));
  if (store === undefined) throw new Error(`spot ${spot.id} refers to missing store ${spot.store_id}`);
  if (account.kind === "staff" && account.storeId !== store.id) throw forbidden("Staff order only for their own store");
  const service = kept?.service ?? serviceDto(serviceRow);

  const time = athensTime(now);
  const scheduled = request.scheduledFor !== null;
  const open = placementOpen(
    spot.type,
    serviceOrderingState(service, time, { readOnly: bool(store.read_only) }, now.getTime()),
    scheduled,
  );
  if (open === "READ_ONLY_STORE") throw refuse("READ_ONLY_STORE", "This store does not take orders");
  if (open === "SERVICE_PAUSED") {
    throw refuse("SERVICE_PAUSED", "The venue has paused this service for now: it takes no orders until it resumes");
  }
  if (open === "SERVICE_CLOSED") throw refuse("SERVICE_CLOSED", "The service is closed");
  if (
    request.scheduledFor !== null &&
    !isValidScheduledTime(service, instantOfIso(request.scheduledFor), instantOf(now))
  ) {
    throw refuse(
      "INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER",
      "The time for the scheduled order is outside the service's scheduled-orders window",
    );
  }

  const selectedTable = await checkedTableSelection(db, account, spot, request.selectedTableId);
  const servedBy = await checkedServedBy(db, account, store.id, request.servedByStaffId);
  const kind = spotKind(spot.type);
  if (kind === "delivery" && request.deliveryInfo === null) {
    throw refuse("DELIVERY_DETAILS_REQUIRED", "A delivery order needs the delivery details");
  }
  // Staff on the store's own device need not prove where they stand (the check stops pranks from afar).
  const location = account.kind === "staff" ? "OK" : checkLocation(storeLocation(store), request.location);
  if (location !== "OK") {
    throw refuse(
      location,
      location === "LOCATION_REQUIRED" ? "Share your location to order" : "You are too far from the store",
    );
  }
  // A waiter's order is accepted at once and settled later at the table: no card authorization from a PDA.
  if (account.kind === "staff" && request.payment.type === "CARD") {
    throw refuse("PAYMENT_TYPE_NOT_AVAILABLE", "A waiter's order is paid at the table, not by card online");
  }
  const chargingRoom = await checkedPayment(db, store, request.payment);

  const menu = await menuOf(db, catalogue, kept, { catalogueVersion, serviceRow, service, store }, request);
  const lines = resolveLines(menu, request.lines, service.maxItemsPerOrder, {
    now: instantOf(now),
    hours: service.hours,
  });
  const rules = priceRulesAt(service, { isMember }, time);
  const breakdown = priceCart(lines, { rules, spotKind: kind, service });
  if (!breakdown.minimumOrderReached) {
    throw refuse("MINIMUM_ORDER_NOT_REACHED", `The minimum order is ${breakdown.minimumOrderCents} cents`);
  }
  const spots = new Map([spot, selectedTable, chargingRoom].flatMap((row) => (row === null ? [] : [[row.id, row]])));
  return {
    store,
    service,
    serviceNames: serviceRow.names,
    spot,
    spotKind: kind,
    selectedTableId: selectedTable?.id ?? null,
    chargingRoomId: chargingRoom?.id ?? null,
    spots,
    rules,
    lines,
    breakdown,
    memberPrices: memberPricesApplied(lines, rules),
    servedBy,
  };
}

/**
 * A waiter's order is served by a waiter of the store (the checkout's `waiters`), the signed-in one
 * unless another is named; a guest names nobody.
 */
async function checkedServedBy(
  db: Kysely<Database>,
  account: PlacingAccount,
  storeId: number,
  servedByStaffId: number | undefined,
): Promise<PreparedPlacement["servedBy"]> {
  if (account.kind !== "staff" || account.staffId === null) {
    if (servedByStaffId !== undefined) throw forbidden("Only the store's staff say who serves an order");
    return null;
  }
  const staffId = servedByStaffId ?? account.staffId;
  const member = await findStaffOfStore(db, storeId, staffId);
  if (member === undefined) throw refuse("WAITER_NOT_FOUND", `There is no waiter ${staffId} in this store`);
  return { staffId, name: member.name };
}

/**
 * The service's menu at the version read: kept whole from the second placement at a version on
 * (placement-catalogue.ts); before that, only the ordered items are read, as a store whose stock
 * bumps the version with every order always does.
 */
async function menuOf(
  db: Kysely<Database>,
  catalogue: PlacementCatalogue,
  kept: CatalogueOfService | undefined,
  read: Pick<CatalogueOfService, "catalogueVersion" | "serviceRow" | "service" | "store">,
  request: PlaceOrderRequest,
): Promise<MenuResponse> {
  if (kept?.menu) return kept.menu;
  const { store, service } = read;
  if (kept !== undefined) {
    const menu = menuDocument(store.id, service.serviceId, await loadMenuRows(db, service.serviceId));
    catalogue.remember(service.serviceId, { ...kept, menu });
    return menu;
  }
  const orderedItemIds = [...new Set(request.lines.map((line) => line.itemId))];
  const menu = menuDocument(store.id, service.serviceId, await loadMenuRows(db, service.serviceId, orderedItemIds));
  catalogue.remember(service.serviceId, {
    ...read,
    storeId: store.id,
    availableAt: serviceAvailableAt(read.serviceRow),
    menu: null,
  });
  return menu;
}

/** The app's total must be the server's: a changed menu, or a tampered price, is refused. */
export function checkExpectedTotal(prepared: PreparedPlacement, request: PlaceOrderRequest): void {
  const { totalCents } = prepared.breakdown;
  if (totalCents !== request.expectedTotalCents) {
    throw outdated("PRICE_CHANGED", `The total is ${totalCents} cents, not ${request.expectedTotalCents}`);
  }
}

/**
 * PDA spots and staff pick the table the order is for; a picked table must be one of the store's.
 * A guest on an ordinary spot picks nothing (or their own spot).
 */
async function checkedTableSelection(
  db: Kysely<Database>,
  account: PlacingAccount,
  spot: SpotRow,
  selectedTableId: number | null,
): Promise<SpotRow | null> {
  const required = bool(spot.is_pda) || account.kind === "staff";
  if (selectedTableId === null) {
    if (required) throw refuse("TABLE_SELECTION_REQUIRED", "Choose the table the order is for");
    return null;
  }
  // A guest's link is their spot: ordering onto another table's bill is for the store's devices and staff.
  if (!required && selectedTableId !== spot.id) {
    throw refuse("TABLE_SELECTION_REQUIRED", "A guest orders for the spot of their own link");
  }
  // A guest's own spot was read just now.
  const table = selectedTableId === spot.id ? spot : await findSpotById(db, selectedTableId);
  if (
    table === undefined ||
    table.store_id !== spot.store_id ||
    spotKind(table.type) !== "table" ||
    bool(table.is_pda)
  ) {
    throw refuse("TABLE_SELECTION_REQUIRED", `Table ${selectedTableId} is not a table of this store`);
  }
  return table;
}

/** Card payments when the store takes them; charge to room in hotel stores that allow it, to one of their rooms. */
async function checkedPayment(
  db: Kysely<Database>,
  store: StoreRow,
  payment: PlaceOrderRequest["payment"],
): Promise<SpotRow | null> {
  if (payment.type === "CARD" && !bool(store.card_payments_enabled)) {
    throw refuse("PAYMENT_TYPE_NOT_AVAILABLE", "This store does not take cards");
  }
  if (payment.type !== "CHARGE_TO_ROOM") return null;
  if (!bool(store.is_hotel) || !bool(store.charge_to_room_enabled)) {
    throw refuse("PAYMENT_TYPE_NOT_AVAILABLE", "This store does not charge orders to rooms");
  }
  const room = await findSpotById(db, payment.chargingRoomId);
  if (room === undefined || room.store_id !== store.id || room.type !== "HOTEL_ROOM") {
    throw refuse("ROOM_SELECTION_REQUIRED", "Choose the room to charge");
  }
  return room;
}

function storeLocation(store: StoreRow) {
  const { location_latitude: latitude, location_longitude: longitude, location_radius_meters: radiusMeters } = store;
  if (latitude === null || longitude === null || radiusMeters === null) return null;
  return { latitude, longitude, radiusMeters };
}
