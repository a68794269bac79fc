/**
 * Orders as the API shows them (OrderDto, OrderStatusEvent of src/domain/orders-api.ts), read in a
 * fixed number of queries whatever the number of orders, for one order or a list (history, staff).
 * Names of the store, service and spots are today's; line names and prices are the order's own.
 */
import type { Kysely } from "kysely";
import type { Translations } from "../../domain/languages";
import type {
  DeliveryInfo,
  OrderDto,
  OrderLineDto,
  OrderLineOptionDto,
  OrderStatusEvent,
} from "../../domain/orders-api";
import { spotNamesOf } from "../catalogue/presenters";
import { fromDbBoolean, fromJsonText } from "../db/columns";
import { findLinesOfOrders, findOrdersByIds } from "../db/repositories/orders.repository";
import { findPaymentsOfOrders } from "../db/repositories/payments.repository";
import type { Database } from "../db/schema";
import type { SpotRow } from "../db/tables/catalogue.tables";
import type { OrderLineRow, OrderRow } from "../db/tables/orders.tables";

/** The status event of an order row: the polling answer and every STOMP message body. */
export function orderStatusEventOf(row: OrderRow): OrderStatusEvent {
  return {
    orderId: row.id,
    storeId: row.store_id,
    status: row.status,
    // The server never holds an order: one waiting on sign-in waits in the app's outbox.
    onHold: false,
    dailyNumber: row.daily_number,
    errorMessage: row.error_message,
    updatedAt: row.updated_at,
    preparation: row.preparation ?? null,
  };
}

export async function loadOrderDto(db: Kysely<Database>, orderId: number): Promise<OrderDto | null> {
  const [dto] = await loadOrderDtos(db, [orderId]);
  return dto ?? null;
}

/** The orders with these ids, in the order of the ids given (unknown ids are left out). */
export async function loadOrderDtos(db: Kysely<Database>, orderIds: readonly number[]): Promise<OrderDto[]> {
  const ids = [...new Set(orderIds)];
  const orders = await findOrdersByIds(db, ids);
  if (orders.length === 0) return [];
  const storeIds = unique(orders.map((o) => o.store_id));
  const serviceIds = unique(orders.map((o) => o.service_id));
  const spotIds = unique(
    orders.flatMap((o) => [o.spot_id, o.selected_table_id, o.charging_room_id].filter((id) => id !== null)),
  );
  const [lines, payments, stores, services, spots, reviews, servingStaff] = await Promise.all([
    findLinesOfOrders(db, ids),
    findPaymentsOfOrders(db, ids),
    db.selectFrom("stores").select(["id", "names"]).where("id", "in", storeIds).execute(),
    db.selectFrom("services").select(["id", "names"]).where("id", "in", serviceIds).execute(),
    db.selectFrom("spots").select(["id", "name", "names"]).where("id", "in", spotIds).execute(),
    db.selectFrom("reviews").select("order_id").where("order_id", "in", ids).execute(),
    servingStaffOf(db, orders),
  ]);
  const storeNames = new Map(stores.map((s) => [s.id, fromJsonText<Translations>(s.names)]));
  const serviceNames = new Map(services.map((s) => [s.id, fromJsonText<Translations>(s.names)]));
  const spotsById = new Map(spots.map((s) => [s.id, s]));
  const paymentOf = new Map(payments.map((p) => [p.order_id, p]));
  const reviewed = new Set(reviews.map((r) => r.order_id));
  const linesOf = new Map<number, OrderLineRow[]>();
  for (const line of lines) linesOf.set(line.order_id, [...(linesOf.get(line.order_id) ?? []), line]);
  const byId = new Map(orders.map((o) => [o.id, o]));

  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (row === undefined) return [];
    return [
      presentOrder(row, {
        lines: linesOf.get(id) ?? [],
        payment: paymentOf.get(id),
        storeNames: required(storeNames.get(row.store_id), "store", row.store_id),
        serviceNames: required(serviceNames.get(row.service_id), "service", row.service_id),
        spots: spotsById,
        reviewed: reviewed.has(id),
        servedByName:
          row.served_by_staff_id === null
            ? null
            : (servingStaff.get(`${row.store_id}:${row.served_by_staff_id}`) ?? null),
      }),
    ];
  });
}

/** What an order's DTO shows besides its own row: read for a list, or at hand right after placing it. */
export interface OrderDtoParts {
  /** The order's lines, by position. */
  lines: readonly PresentedLine[];
  payment: { brand: string | null; last_four: string | null } | undefined;
  storeNames: Translations;
  serviceNames: Translations;
  /** At least the order's spot, selected table and charging room. */
  spots: ReadonlyMap<number, Pick<SpotRow, "name" | "names">>;
  reviewed: boolean;
  /** The name of the waiter the order is served by (served_by_staff_id), when there is one. */
  servedByName: string | null;
}

export type PresentedLine = Pick<
  OrderLineRow,
  | "item_id"
  | "names"
  | "quantity"
  | "grams"
  | "comment"
  | "options"
  | "unit_price_cents"
  | "options_unit_price_cents"
  | "total_cents"
  | "rental_pick_up_at"
  | "rental_return_at"
  | "rental_units"
  | "rental_unit"
  | "request"
>;

/**
 * One order as the API shows it. The one place that builds an OrderDto, so the answer a placement
 * gives from what it just wrote is the same bytes a later read gives.
 */
export function presentOrder(row: OrderRow, parts: OrderDtoParts): OrderDto {
  const spotName = (spotId: number | null) => (spotId === null ? null : (parts.spots.get(spotId)?.name ?? null));
  const spotTranslations = (spotId: number): Translations | undefined => {
    const spot = parts.spots.get(spotId);
    return spot === undefined ? undefined : spotNamesOf(spot);
  };
  const { payment } = parts;
  return {
    id: row.id,
    storeId: row.store_id,
    storeNames: parts.storeNames,
    serviceId: row.service_id,
    serviceNames: parts.serviceNames,
    tableId: row.spot_id,
    spotName: spotName(row.spot_id) ?? "",
    spotNames: spotTranslations(row.selected_table_id ?? row.spot_id) ?? {
      GRE: { name: spotName(row.spot_id) ?? "" },
      ENG: { name: spotName(row.spot_id) ?? "" },
    },
    selectedTableName: spotName(row.selected_table_id),
    chargingRoomName: spotName(row.charging_room_id),
    status: row.status,
    onHold: false,
    dailyNumber: row.daily_number,
    scheduledFor: row.scheduled_for,
    comment: row.comment,
    payment: {
      type: row.payment_type,
      cardBrand: payment?.brand ?? null,
      cardLastFour: payment?.last_four ?? null,
    },
    deliveryInfo: row.delivery_info === null ? null : fromJsonText<DeliveryInfo>(row.delivery_info),
    lines: parts.lines.map((line) => ({
      itemId: line.item_id,
      names: fromJsonText<Translations>(line.names),
      quantity: line.quantity,
      kilos: line.grams === null ? null : line.grams / 1000,
      comment: line.comment,
      options: fromJsonText<OrderLineOptionDto[]>(line.options),
      unitPriceCents: line.unit_price_cents,
      optionsUnitPriceCents: line.options_unit_price_cents,
      totalCents: line.total_cents,
      ...rentalOf(line),
      request: fromDbBoolean(line.request),
    })),
    totals: {
      subtotalCents: row.subtotal_cents,
      happyHourSavingsCents: row.happy_hour_savings_cents,
      roomChargeCents: row.room_charge_cents,
      deliveryDiscountCents: row.delivery_discount_cents,
      totalCents: row.total_cents,
    },
    errorMessage: row.error_message,
    acceptanceDeadline: row.acceptance_deadline,
    reviewed: parts.reviewed,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Last, where the serializer puts optional fields: the placement's answer is byte for byte a read's.
    preparation: row.preparation ?? null,
    memberPrices: fromDbBoolean(row.member_prices),
    servedByName: parts.servedByName,
  };
}

/** A rental line's dates and units, as the DTO's optional field (absent on every other line). */
function rentalOf(line: PresentedLine): Pick<OrderLineDto, "rental"> {
  const { rental_pick_up_at: pickUpAt, rental_return_at: returnAt, rental_units: units, rental_unit: unit } = line;
  if (pickUpAt === null || returnAt === null || units === null || unit === null) return {};
  return { rental: { pickUpAt, returnAt, units, unit } };
}

/** The names of the waiters the orders are served by, keyed "storeId:staffId" (staff ids are per venue file). */
async function servingStaffOf(db: Kysely<Database>, orders: readonly OrderRow[]): Promise<Map<string, string>> {
  const staffIds = unique(orders.flatMap((o) => (o.served_by_staff_id === null ? [] : [o.served_by_staff_id])));
  if (staffIds.length === 0) return new Map();
  const rows = await db.selectFrom("staff").select(["id", "store_id", "name"]).where("id", "in", staffIds).execute();
  return new Map(rows.map((row) => [`${row.store_id}:${row.id}`, row.name]));
}

function unique(values: readonly number[]): number[] {
  return [...new Set(values)];
}

function required<T>(value: T | undefined, what: string, id: number): T {
  // Foreign keys keep these rows; say so plainly if one is ever missing.
  if (value === undefined) throw new Error(`order refers to missing ${what} ${id}`);
  return value;
}
