/**
 * The writes of a placement, inside its transaction: the per-spot daily limit (counted under the
 * spot's lock), the stock taken atomically, then the daily number (after every check that can
 * refuse, so a refused order takes none; drawn on PostgreSQL's advisory connections, see
 * drawDailyNumber), the order with its lines as priced (their insert handed back, to be sent with
 * the caller's last writes), and its card payment. Orders copy no
 * personal data of the guest: only the user id, and the delivery address where the delivery
 * needs it.
 *
 * A waiter's order (staff of the store) is written ACCEPTED: the waiter is the store,
 * there is nobody else to accept it. It skips the per-spot daily limit, which guards a store
 * against a guest's link flooding it; a PDA spot sends every table's orders all day.
 */
import type { CompiledQuery, Kysely } from "kysely";
import { athensDayBounds, athensDayOf } from "../../domain/order-placement";
import type { OrderLineOptionDto, OrderStatus, PlaceOrderRequest } from "../../domain/orders-api";
import { isRequest, itemUnitPriceCents, optionPriceCents, optionsUnitPriceCents } from "../../domain/prices";
import { selectedIn } from "../../domain/subselections";
import { toJsonText } from "../db/columns";
import {
  bumpCatalogueVersion,
  countImmediateOrdersOfSpot,
  countScheduledOrdersOfSpot,
  drawDailyNumber,
  insertOrder,
  lockSpotForCount,
  orderLinesInsertQuery,
  takeStock,
} from "../db/repositories/orders.repository";
import { insertPayment } from "../db/repositories/payments.repository";
import type { Database } from "../db/schema";
import type { NewOrderLineRow, OrderRow } from "../db/tables/orders.tables";
import { athensDayText, instantOfIso } from "./athens-clock";
import type { AuthorizationResult } from "./context";
import type { ResolvedLine } from "./order-lines";
import type { PresentedLine } from "./order-presenter";
import { outdated, refuse } from "./placement-errors";
import type { PlacingAccount, PreparedPlacement } from "./prepare-placement";

export interface CardAuthorization {
  provider: string;
  cardToken: string;
  result: AuthorizationResult;
}

type WrittenLine = NewOrderLineRow & PresentedLine;

export interface WrittenOrder {
  order: OrderRow;
  /** The rows written, by position: with the order row, the placement's answer. */
  lines: WrittenLine[];
  payment: { brand: string | null; last_four: string | null } | undefined;
  /** Whether stock was taken (the menu's stock amounts changed). */
  stockChanged: boolean;
  /**
   * The lines' insert, not sent yet: the caller sends it with its own last writes (one round trip
   * on PostgreSQL, statement-batch.ts), or on its own before anything reads the lines.
   */
  linesInsert: CompiledQuery | null;
}

export async function writeOrder(
  trx: Kysely<Database>,
  prepared: PreparedPlacement,
  account: PlacingAccount,
  request: PlaceOrderRequest,
  card: CardAuthorization | null,
  now: Date,
  /** Where the daily number is drawn on PostgreSQL (OrdersContext.advisoryDb). */
  advisoryDb: Kysely<Database> | undefined,
): Promise<WrittenOrder> {
  const nowIso = now.toISOString();
  const athensDay = athensDayText(now);
  const { store, spot, breakdown } = prepared;
  const declined = card !== null && !card.result.approved;
  const byStaff = account.kind === "staff";
  let stockChanged = false;
  if (!declined) {
    if (!byStaff) await checkSpotDailyLimit(trx, prepared, request.scheduledFor, athensDay);
    stockChanged = await takeStockOf(trx, prepared.lines);
    if (stockChanged) await bumpCatalogueVersion(trx, store.id);
  }
  const dailyNumber = await drawDailyNumber(trx, advisoryDb, store.id, athensDay);

  const status: OrderStatus = declined
    ? "PAYMENT_FAILED"
    : byStaff
      ? "ACCEPTED"
      : prepared.service.delayedResponse
        ? "UNDER_REVIEW"
        : "WAITING_FOR_ACCEPTANCE";
  const order = await insertOrder(trx, {
    store_id: store.id,
    service_id: prepared.service.serviceId,
    spot_id: spot.id,
    selected_table_id: prepared.selectedTableId,
    charging_room_id: prepared.chargingRoomId,
    user_id: account.userId,
    placed_by_staff_id: byStaff ? account.staffId : null,
    status,
    athens_day: athensDay,
    daily_number: dailyNumber,
    scheduled_for:
      request.scheduledFor === null
        ? null
        : instantOfIso(request.scheduledFor).toString({ smallestUnit: "millisecond" }),
    comment: request.comment,
    language: request.language,
    // A guest's choice (checked and normalized by the route); a waiter's order has no guest to tell.
    notify_email: byStaff ? null : (request.notifyEmail ?? null),
    payment_type: request.payment.type,
    delivery_info:
      prepared.spotKind === "delivery" && request.deliveryInfo !== null ? toJsonText(request.deliveryInfo) : null,
    subtotal_cents: breakdown.subtotalCents,
    happy_hour_savings_cents: breakdown.happyHourSavingsCents,
    room_charge_cents: breakdown.roomChargeCents,
    delivery_discount_cents: breakdown.deliveryDiscountCents,
    total_cents: breakdown.totalCents,
    error_message: card !== null && !card.result.approved ? card.result.reason : null,
    acceptance_deadline:
      status === "WAITING_FOR_ACCEPTANCE"
        ? new Date(now.getTime() + store.order_acceptance_minutes * 60_000).toISOString()
        : null,
    decided_at: declined || status === "ACCEPTED" ? nowIso : null,
    created_at: nowIso,
    updated_at: nowIso,
    member_prices: prepared.memberPrices ? 1 : 0,
    served_by_staff_id: prepared.servedBy?.staffId ?? null,
  });
  const lines = prepared.lines.map((line, index) => lineRow(order.id, index + 1, line, prepared));
  const [first, ...rest] = lines;
  const linesInsert = first === undefined ? null : orderLinesInsertQuery(trx, [first, ...rest]);
  let payment: WrittenOrder["payment"];
  if (card !== null) {
    payment = { brand: card.result.brand, last_four: card.result.lastFour };
    await insertPayment(trx, {
      order_id: order.id,
      provider: card.provider,
      provider_reference: card.result.approved ? card.result.reference : null,
      card_token: card.cardToken,
      brand: card.result.brand,
      last_four: card.result.lastFour,
      amount_cents: breakdown.totalCents,
      state: card.result.approved ? "AUTHORIZED" : "DECLINED",
      created_at: nowIso,
      updated_at: nowIso,
    });
  }
  return { order, lines, payment, stockChanged, linesInsert };
}

/** store.max_orders_per_spot_per_day: per Athens day for orders now, per delivery date for scheduled ones. */
async function checkSpotDailyLimit(
  trx: Kysely<Database>,
  prepared: PreparedPlacement,
  scheduledFor: string | null,
  athensDay: string,
): Promise<void> {
  const limit = prepared.store.max_orders_per_spot_per_day;
  if (limit === null) return;
  // Two placements at one spot must not both count the other's order out.
  await lockSpotForCount(trx, prepared.spot.id);
  if (scheduledFor === null) {
    if ((await countImmediateOrdersOfSpot(trx, prepared.spot.id, athensDay)) >= limit) {
      throw refuse("MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY", `This spot has sent ${limit} orders today`);
    }
    return;
  }
  const { start, end } = athensDayBounds(athensDayOf(instantOfIso(scheduledFor)));
  const iso = (instant: typeof start) => instant.toString({ smallestUnit: "millisecond" });
  if ((await countScheduledOrdersOfSpot(trx, prepared.spot.id, iso(start), iso(end))) >= limit) {
    throw refuse("MAX_ORDERS_REACHED_FOR_SPOT_FOR_DELIVERY_DATE", `This spot has ${limit} orders for that day`);
  }
}

/** Stock is counted in pieces; an item on several lines is taken once for their sum. */
async function takeStockOf(trx: Kysely<Database>, lines: readonly ResolvedLine[]): Promise<boolean> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (!line.item.stockEnabled || line.item.stockAmount === null) continue;
    wanted.set(line.item.id, (wanted.get(line.item.id) ?? 0) + line.quantity);
  }
  // Ascending ids: concurrent placements lock item rows in the same order (no deadlock).
  for (const [itemId, quantity] of [...wanted].sort(([a], [b]) => a - b)) {
    if (!(await takeStock(trx, itemId, quantity))) throw outdated("OUT_OF_STOCK", `Item ${itemId} is out of stock`);
  }
  return wanted.size > 0;
}

function lineRow(orderId: number, position: number, line: ResolvedLine, prepared: PreparedPlacement): WrittenLine {
  const { rules } = prepared;
  // A request is no purchase: its options are listed at no price either.
  const request = isRequest(line.item);
  const options: OrderLineOptionDto[] = line.item.subselections.flatMap((group) =>
    group.options
      .filter((option) => selectedIn(line.selection, group.id).includes(option.id))
      .map((option) => ({
        groupId: group.id,
        optionId: option.id,
        names: option.names,
        priceCents: request ? 0 : optionPriceCents(option.priceCents, rules),
      })),
  );
  const total = prepared.breakdown.lines.find((priced) => priced.id === line.id)?.totalCents;
  if (total === undefined) throw new Error(`line ${line.id} was not priced`);
  return {
    order_id: orderId,
    position,
    item_id: line.item.id,
    names: toJsonText(line.item.names),
    quantity: line.quantity,
    grams: line.kilos === null ? null : Math.round(line.kilos * 1000),
    comment: line.comment,
    options: toJsonText(options),
    unit_price_cents: itemUnitPriceCents(line.item, rules),
    options_unit_price_cents: request ? 0 : optionsUnitPriceCents(line.item.subselections, line.selection, rules),
    total_cents: total,
    rental_pick_up_at: line.rental?.pickUpAt ?? null,
    rental_return_at: line.rental?.returnAt ?? null,
    rental_units: line.rental?.units ?? null,
    rental_unit: line.rental === null ? null : (line.item.rental?.unit ?? null),
    request: request ? 1 : 0,
  };
}
