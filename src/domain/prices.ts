/**
 * Prices of items, cart lines and the whole order, shared by the cart screen and the server
 * (spec §9 "Happy-hour price", "Cart total", "Member price", "Room service carries an extra
 * percentage charge", §3 "Delivery discount", §5 "minimum order value must be reached").
 *
 * ROUNDING RULE. Every amount is an integer number of cents. A fraction of a cent can only appear
 * where an amount is multiplied by a percentage or by a weight; there, and only there, the exact
 * value is rounded once, half up, to a whole cent, in integer arithmetic (`roundHalfUp`). The
 * rounded value is the one the guest sees, so what is shown is what is charged:
 *   1. unit step:  the happy-hour price of the item and of each option,
 *                  round(price x (100 - discountPercentage) / 100);
 *   2. line step:  a per-kg line's weight amount, round(price per kg x grams / 1000);
 *   3. order step: the room charge, round(subtotal x percentage / 100), and the delivery
 *                  discount, round(subtotal x discountPercentage / 100).
 * Everything else (options x quantity, sums) is integer already. Weights are counted in whole
 * grams (kilos are normalized to the gram by limits.ts).
 *
 * Readings of the spec:
 * - Member price: applies when the service has membership enabled, the guest is a member, the item
 *   has memberPriceEnabled and a membershipPriceCents different from priceCents. The member then
 *   pays membershipPriceCents plus membershipAdditionCents when set (the API describes the
 *   addition as what a member pays on top for an item outside the all-inclusive package). When
 *   the member price does not apply, the addition is not charged either.
 * - Happy hour discounts the unit price in effect (member or regular) and every option price
 *   while its window is open ([start, end), overnight allowed, same as service hours).
 * - Options: a selected option adds its price. In a priceAggregated group every selected option
 *   adds; in a group that is not aggregated the group adds one price, that of its most expensive
 *   selected option (for a radio group that is simply the selected option).
 * - An item with priceable = false has no price of its own (0); its options still count.
 * - A request item (towels, a pillow: `request`) is no purchase: its line costs 0, options included,
 *   whatever price the venue file or a client gives it.
 * - An order is a member order when member prices applied to at least one of its lines.
 * - Line total: per-kg items cost price x kilos + options x quantity; others (price + options) x
 *   quantity, times the started days or hours of a rental (rentals.ts: the rate is the price).
 * - Subtotal is the sum of line totals at the prices in effect (happy hour included); the
 *   happy-hour savings are what the same lines would cost without happy hour, minus the subtotal.
 * - Room charge applies to room spots only, delivery discount to delivery spots only, when the
 *   subtotal reaches minimumPriceForDeliveryDiscountCents. The minimum order value is checked
 *   against the subtotal.
 */
import type { ServiceDto } from "./api";
import type { CartItem, CartLine } from "./cart";
import { isWithinHours, type WallClockTime } from "./service-hours";
import type { SpotKind } from "./spots";
import { type Selection, selectedIn } from "./subselections";

/** Which price list is in effect for this guest at this moment. */
export interface PriceRules {
  memberPrices: boolean;
  /** 0 when no happy hour is running. */
  happyHourDiscountPercentage: number;
}

export const REGULAR_PRICES: PriceRules = { memberPrices: false, happyHourDiscountPercentage: 0 };

/** A line as pricing needs it. */
export type PricedLine = Pick<CartLine, "item" | "quantity" | "kilos" | "selection" | "rental">;

export type OrderPricingService = Pick<
  ServiceDto,
  "roomServiceChargePercentage" | "deliveryDiscount" | "minimumOrderCents"
>;

export interface PriceBreakdown {
  lines: { id: number; totalCents: number }[];
  /** Sum of the line totals at the prices in effect. */
  subtotalCents: number;
  /** How much the happy hour takes off the lines (already deducted in the subtotal). */
  happyHourSavingsCents: number;
  roomChargeCents: number;
  deliveryDiscountCents: number;
  /** subtotal + room charge - delivery discount. */
  totalCents: number;
  minimumOrderCents: number;
  minimumOrderReached: boolean;
}

/** a / b rounded half up, for non-negative safe integers a and positive b: the one rounding. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `percent` % of an amount of cents, rounded half up. */
export function percentOfCents(cents: number, percent: number): number {
  return roundHalfUp(cents * percent, 100);
}

/** Spec §9: price x (100 - discountPercentage) / 100, rounded half up. */
export function happyHourPrice(cents: number, discountPercentage: number): number {
  return percentOfCents(cents, 100 - discountPercentage);
}

/** Whether the happy hour is running at `time` (start inclusive, end exclusive). */
export function isHappyHourActive(happyHour: ServiceDto["happyHour"], time: WallClockTime): boolean {
  return happyHour !== null && isWithinHours(happyHour, time);
}

/** The price rules for a guest of `service` at an Athens wall-clock time. */
export function priceRulesAt(
  service: Pick<ServiceDto, "membershipEnabled" | "happyHour">,
  guest: { isMember: boolean },
  time: WallClockTime,
): PriceRules {
  const { happyHour } = service;
  return {
    memberPrices: service.membershipEnabled && guest.isMember,
    happyHourDiscountPercentage:
      happyHour !== null && isWithinHours(happyHour, time) ? happyHour.discountPercentage : 0,
  };
}

/** Whether this item is sold to this guest at its member price. */
export function memberPriceApplies(
  item: Pick<CartItem, "priceCents" | "memberPriceEnabled" | "membershipPriceCents">,
  rules: PriceRules,
): boolean {
  return (
    rules.memberPrices &&
    item.memberPriceEnabled &&
    item.membershipPriceCents !== null &&
    item.membershipPriceCents !== item.priceCents
  );
}

/** The item's own unit price (per piece, or per kg for per-kg items), options excluded. */
export function itemUnitPriceCents(item: CartItem, rules: PriceRules): number {
  return discounted(listUnitPriceCents(item, rules), rules);
}

/** What the selected options add to one unit. */
export function optionsUnitPriceCents(
  groups: CartItem["subselections"],
  selection: Selection,
  rules: PriceRules,
): number {
  let total = 0;
  for (const group of groups) {
    const chosen = selectedIn(selection, group.id);
    const prices = group.options
      .filter((option) => chosen.includes(option.id))
      .map((option) => discounted(option.priceCents, rules));
    if (prices.length === 0) continue;
    total += group.priceAggregated ? sum(prices) : Math.max(...prices);
  }
  return total;
}

/** What one option costs right now (for the modal's option labels). */
export function optionPriceCents(priceCents: number, rules: PriceRules): number {
  return discounted(priceCents, rules);
}

/**
 * A line's total: per-kg, price x kilos + options x quantity; a rental, (price + options) x
 * quantity x started days or hours; otherwise (price + options) x quantity.
 */
export function lineTotalCents(line: PricedLine, rules: PriceRules): number {
  if (isRequest(line.item)) return 0;
  const unit = itemUnitPriceCents(line.item, rules);
  const options = optionsUnitPriceCents(line.item.subselections, line.selection, rules);
  if (!line.item.perKg) return (unit + options) * line.quantity * rentalUnitsOf(line);
  if (line.kilos === null) throw new RangeError(`Per-kg item ${line.item.id} has no kilos`);
  return roundHalfUp(unit * Math.round(line.kilos * 1000), 1000) + options * line.quantity;
}

/** The cart screen's and the server's price breakdown of an order. */
export function priceCart(
  lines: readonly (PricedLine & { id: number })[],
  order: { rules: PriceRules; spotKind: SpotKind; service: OrderPricingService },
): PriceBreakdown {
  const { rules, spotKind, service } = order;
  const priced = lines.map((line) => ({ id: line.id, totalCents: lineTotalCents(line, rules) }));
  const subtotalCents = sum(priced.map((line) => line.totalCents));
  const withoutHappyHour = { ...rules, happyHourDiscountPercentage: 0 };
  const happyHourSavingsCents = sum(lines.map((line) => lineTotalCents(line, withoutHappyHour))) - subtotalCents;
  const roomChargeCents = spotKind === "room" ? percentOfCents(subtotalCents, service.roomServiceChargePercentage) : 0;
  const deliveryDiscountCents = deliveryDiscountOf(subtotalCents, spotKind, service.deliveryDiscount);
  return {
    lines: priced,
    subtotalCents,
    happyHourSavingsCents,
    roomChargeCents,
    deliveryDiscountCents,
    totalCents: subtotalCents + roomChargeCents - deliveryDiscountCents,
    minimumOrderCents: service.minimumOrderCents,
    minimumOrderReached: subtotalCents >= service.minimumOrderCents,
  };
}

/** The started days or hours a rental line is priced for (rentals.ts); 1 for every other line. */
export function rentalUnitsOf(line: Pick<PricedLine, "item" | "rental">): number {
  return line.item.rental != null && line.rental != null ? line.rental.units : 1;
}

function deliveryDiscountOf(
  subtotalCents: number,
  spotKind: SpotKind,
  discount: OrderPricingService["deliveryDiscount"],
): number {
  if (spotKind !== "delivery" || discount === null) return 0;
  if (subtotalCents < discount.minimumPriceForDeliveryDiscountCents) return 0;
  return percentOfCents(subtotalCents, discount.discountPercentage);
}

/** Whether member prices applied to any line: the order is then a member (all-inclusive) order. */
export function memberPricesApplied(lines: readonly Pick<PricedLine, "item">[], rules: PriceRules): boolean {
  return lines.some((line) => !isRequest(line.item) && memberPriceApplies(line.item, rules));
}

/** A no-charge request rather than a purchase (a cart line kept from before the flag existed has none). */
export function isRequest(item: Pick<CartItem, "request">): boolean {
  return item.request === true;
}

/** The unit price before happy hour: member price (plus addition) or the regular price. */
function listUnitPriceCents(item: CartItem, rules: PriceRules): number {
  if (!item.priceable || isRequest(item)) return 0;
  if (memberPriceApplies(item, rules)) return (item.membershipPriceCents ?? 0) + (item.membershipAdditionCents ?? 0);
  return item.priceCents;
}

function discounted(cents: number, rules: PriceRules): number {
  return rules.happyHourDiscountPercentage > 0 ? happyHourPrice(cents, rules.happyHourDiscountPercentage) : cents;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
