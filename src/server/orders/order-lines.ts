/**
 * The request's lines read against the service's menu as the server has it (spec §3 "Cart line",
 * §4 "Subselection toggle", §5 limits): each becomes the same cart line the app priced, built
 * with the app's own functions (cartItemOf), or the placement is refused with the rule it breaks.
 */
import type { ItemDto, MenuResponse } from "../../domain/api";
import { type CartItem, cartItemOf } from "../../domain/cart";
import { sanitizeComment } from "../../domain/comment";
import { checkQuantity, type LimitedLine, normalizeKilos } from "../../domain/limits";
import type { PlaceOrderLine } from "../../domain/orders-api";
import { checkRental, type LineRental, type RentalProblem } from "../../domain/rentals";
import type { Hours } from "../../domain/service-hours";
import type { Selection } from "../../domain/subselections";
import type { Temporal } from "../../domain/temporal";
import { ApiError } from "../http/api-error";
import { outdated, refuse } from "./placement-errors";

export interface ResolvedLine {
  /** 1-based position in the order, also the id pricing uses. */
  id: number;
  item: CartItem;
  quantity: number;
  kilos: number | null;
  comment: string;
  selection: Selection;
  /** A rental's dates and started units; null on other lines. */
  rental: LineRental | null;
}

/** What a rental's dates are checked against: the placement's instant and the service's hours. */
export interface RentalContext {
  now: Temporal.Instant;
  hours: Hours | null;
}

export function resolveLines(
  menu: MenuResponse,
  requested: readonly PlaceOrderLine[],
  maxItemsPerOrder: number,
  rentalContext: RentalContext,
): ResolvedLine[] {
  const items = new Map(menu.items.map((item) => [item.id, item]));
  const resolved: ResolvedLine[] = [];
  for (const [index, line] of requested.entries()) {
    const item = items.get(line.itemId);
    if (item === undefined) throw refuse("ITEM_NOT_AVAILABLE", `Item ${line.itemId} is not on this service's menu`);
    const next: ResolvedLine = {
      id: index + 1,
      item: cartItemOf(item),
      quantity: line.quantity,
      kilos: kilosOf(item, line.kilos),
      comment: sanitizeComment(line.comment),
      selection: checkedSelection(item, line.selection),
      rental: checkedRental(item, line, rentalContext),
    };
    checkLimits(resolved, next, maxItemsPerOrder);
    resolved.push(next);
  }
  return resolved;
}

function kilosOf(item: ItemDto, kilos: number | null): number | null {
  if (!item.perKg) {
    if (kilos !== null) throw refuse("INVALID_KILOS", `Item ${item.id} is not sold by weight`);
    return null;
  }
  const verdict = kilos === null ? ({ ok: false } as const) : normalizeKilos(kilos);
  if (!verdict.ok) throw refuse("INVALID_KILOS", `Item ${item.id} is sold by weight: give its kilos`);
  return verdict.kilos;
}

const RENTAL_MESSAGES: Record<Exclude<RentalProblem, "RETURN_NOT_AFTER_PICK_UP">, string> = {
  DATES_REQUIRED: "is rented: give its pick-up and return dates",
  NOT_RENTABLE: "is not rented: a line of it takes no pick-up or return date",
  INVALID_DATE: "has a pick-up or return that is no date",
  PICK_UP_IN_PAST: "has a pick-up in the past",
  PICK_UP_OUTSIDE_HOURS: "has a pick-up outside the service's hours",
  RETURN_OUTSIDE_HOURS: "has a return outside the service's hours",
  SPAN_TOO_LONG: "is rented for longer than its most days or hours",
};

/** A rentable item's dates (rentals.ts), checked as the modal checked them; bad dates are bad input (400). */
function checkedRental(item: ItemDto, line: PlaceOrderLine, context: RentalContext): LineRental | null {
  const verdict = checkRental(item.rental, line.rental, context);
  if (verdict.ok) return verdict.rental;
  if (verdict.problem === "RETURN_NOT_AFTER_PICK_UP") {
    throw new ApiError(
      400,
      "ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE",
      `Item ${item.id}: the return must be after the pick-up`,
    );
  }
  const limit = verdict.maxUnits === undefined ? "" : ` (${verdict.maxUnits} ${item.rental?.unit ?? "day"}s)`;
  throw new ApiError(400, "INVALID_RENTAL_PERIOD", `Item ${item.id} ${RENTAL_MESSAGES[verdict.problem]}${limit}`);
}

/** Every group and option must be the item's; radios pick one, checkboxes up to their maximum. */
function checkedSelection(item: ItemDto, selection: Readonly<Record<string, readonly number[]>>): Selection {
  const groups = new Map(item.subselections.map((group) => [group.id, group]));
  const checked: Record<number, readonly number[]> = {};
  for (const [key, optionIds] of Object.entries(selection)) {
    const group = groups.get(Number(key));
    if (group === undefined) throw refuse("INVALID_OPTION", `Item ${item.id} has no option group ${key}`);
    const known = new Set(group.options.map((option) => option.id));
    if (new Set(optionIds).size !== optionIds.length || optionIds.some((id) => !known.has(id))) {
      throw refuse("INVALID_OPTION", `Option group ${group.id} has no such options: ${optionIds.join(", ")}`);
    }
    const allowed = group.type === "RADIO_BUTTON" ? 1 : (group.maximumSelected ?? Number.POSITIVE_INFINITY);
    if (optionIds.length > allowed) {
      throw refuse("TOO_MANY_OPTIONS", `Option group ${group.id} allows at most ${allowed} options`);
    }
    checked[group.id] = [...optionIds];
  }
  for (const group of item.subselections) {
    if (group.mandatory && (checked[group.id]?.length ?? 0) === 0) {
      throw refuse("MANDATORY_OPTION_MISSING", `Option group ${group.id} of item ${item.id} needs a choice`);
    }
  }
  return checked;
}

/** The cart's limits (limits.ts) over the lines so far: per order, per category, stock. */
function checkLimits(previous: readonly LimitedLine[], line: ResolvedLine, maxItemsPerOrder: number): void {
  const verdict = checkQuantity(previous, { item: line.item, quantity: line.quantity }, maxItemsPerOrder);
  if (verdict.ok) return;
  switch (verdict.reason) {
    case "MAX_PER_ORDER":
      throw refuse("MAX_ITEMS_PER_ORDER_EXCEEDED", `At most ${verdict.limit} items per order`);
    case "MAX_PER_CATEGORY":
      throw refuse("MAX_ITEMS_PER_CATEGORY_EXCEEDED", `At most ${verdict.limit} items of ${verdict.category}`);
    case "LOW_STOCK":
      throw outdated("OUT_OF_STOCK", `Only ${verdict.limit} of item ${line.item.id} left`);
  }
}
