/**
 * Kitchen and bar rules: which station makes a line, when a ticket is ready, what a guest is told
 * about preparation, and how late a ticket looks on a display. Pure, shared by the server (routing,
 * ticket writes) and the app (the display's colours).
 */
import type { Translations } from "./languages";

/** What a station claims: whole services, categories or single items, on some outlets or all. */
export interface StationRoute {
  stationId: number;
  services: readonly number[];
  categories: readonly number[];
  items: readonly number[];
  /** Outlets (of a hotel) whose spots this station serves; empty: every spot of the store. */
  outlets: readonly number[];
}

export interface RoutedLine {
  itemId: number;
  categoryId: number;
  serviceId: number;
}

/**
 * The station that makes a line, or null when no station claims it (it is served without a
 * ticket, e.g. a towel from reception). The most precise claim wins: an item over its category over
 * its service, and at the same precision a station of the spot's outlet over one of every outlet.
 */
export function stationOfLine(
  routes: readonly StationRoute[],
  line: RoutedLine,
  outletId: number | null,
): number | null {
  let best: { stationId: number; score: number } | null = null;
  for (const route of routes) {
    const forOutlet = route.outlets.length > 0;
    if (forOutlet && (outletId === null || !route.outlets.includes(outletId))) continue;
    const precision = route.items.includes(line.itemId)
      ? 3
      : route.categories.includes(line.categoryId)
        ? 2
        : route.services.includes(line.serviceId)
          ? 1
          : 0;
    if (precision === 0) continue;
    const score = precision * 2 + (forOutlet ? 1 : 0);
    if (best === null || score > best.score) best = { stationId: route.stationId, score };
  }
  return best?.stationId ?? null;
}

/** One claim a venue file makes twice at the same precision (the file is refused). */
export interface RouteClash {
  level: "services" | "categories" | "items";
  id: number;
  stationIds: [number, number];
}

/** Claims that would leave a line's station to chance: the same id, same level, overlapping outlets. */
export function routeClashes(routes: readonly StationRoute[]): RouteClash[] {
  const clashes: RouteClash[] = [];
  routes.forEach((a, i) => {
    for (const b of routes.slice(i + 1)) {
      const overlap =
        (a.outlets.length === 0 && b.outlets.length === 0) || a.outlets.some((outlet) => b.outlets.includes(outlet));
      if (!overlap) continue;
      for (const level of ["services", "categories", "items"] as const) {
        for (const id of a[level])
          if (b[level].includes(id)) clashes.push({ level, id, stationIds: [a.stationId, b.stationId] });
      }
    }
  });
  return clashes;
}

export interface KitchenLine {
  quantity: number;
  canceledQuantity: number;
  ready: boolean;
}

/** A line still to make: not ready and not wholly canceled. */
export function isLineToMake(line: KitchenLine): boolean {
  return !line.ready && line.canceledQuantity < line.quantity;
}

/** A ticket's state from its lines: canceled when every piece was, ready when nothing is left to make. */
export function ticketStateOf(lines: readonly KitchenLine[]): "ACTIVE" | "READY" | "CANCELED" {
  if (lines.every((line) => line.canceledQuantity >= line.quantity)) return "CANCELED";
  return lines.some(isLineToMake) ? "ACTIVE" : "READY";
}

export type Preparation = "PREPARING" | "READY" | "ON_ITS_WAY";

/**
 * What a guest is told about an accepted order from its tickets: being prepared while any station
 * still makes something, ready once everything is made, on its way once the waiter has taken it
 * all. null when no ticket is left to tell about (none, or every one canceled).
 */
export function preparationOf(states: readonly string[]): Preparation | null {
  const live = states.filter((state) => state !== "CANCELED");
  if (live.length === 0) return null;
  if (live.includes("ACTIVE")) return "PREPARING";
  if (live.includes("READY")) return "READY";
  return "ON_ITS_WAY";
}

/** A line canceled on the table, as the floor names it. */
export interface CanceledLine {
  names: Translations;
  options: readonly Translations[];
  comment: string;
  quantity: number;
}

/**
 * Marks a canceled table line on the ticket lines that made it: the first ones with the same item,
 * options and comment (identical lines are the same dish to a kitchen). Returns the new lines, or
 * null when none matched.
 */
export function cancelOnLines<Line extends KitchenLine & CanceledLine>(
  lines: readonly Line[],
  canceled: CanceledLine,
): Line[] | null {
  let left = canceled.quantity;
  const same = (line: Line) =>
    line.comment === canceled.comment &&
    JSON.stringify(line.names) === JSON.stringify(canceled.names) &&
    JSON.stringify(line.options) === JSON.stringify(canceled.options);
  const next = lines.map((line) => {
    if (left === 0 || !same(line)) return line;
    const take = Math.min(left, line.quantity - line.canceledQuantity);
    left -= take;
    return take === 0 ? line : { ...line, canceledQuantity: line.canceledQuantity + take };
  });
  return left === canceled.quantity ? null : next;
}

/** A ticket the floor canceled wholly stays on its display this long, struck through, so the cook sees why it went. */
export const CANCELED_TICKET_SHOWN_MS = 10 * 60_000;

/** How late a ticket looks: minutes since it was sent, against the display's thresholds. */
export const TICKET_LATE_MS = 8 * 60_000;
export const TICKET_OVERDUE_MS = 15 * 60_000;

export type TicketAge = "fresh" | "late" | "overdue";

export function ticketAgeOf(ageMs: number): TicketAge {
  if (ageMs >= TICKET_OVERDUE_MS) return "overdue";
  return ageMs >= TICKET_LATE_MS ? "late" : "fresh";
}

/** A printer failing this long alerts the store's PDAs. */
export const PRINTER_ALERT_AFTER_MS = 60_000;

export function printerNeedsAlert(failingSince: string | null, nowMs: number): boolean {
  return failingSince !== null && nowMs - Date.parse(failingSince) >= PRINTER_ALERT_AFTER_MS;
}
