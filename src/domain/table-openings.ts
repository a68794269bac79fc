/**
 * Table openings (spec §1 "They close, transfer and receipt tables", §3
 * catalogue terms: table opening, department, minimum consumption, paid/treated/canceled items,
 * temp and final receipts; §9 payment and receipt types). Pure rules shared by the server, which
 * enforces them, and the staff screens, which show them before a waiter taps.
 *
 * A table opening (tableOpeningId) is what one spot (table, hotel table, umbrella, beach chair,
 * room; never a delivery spot) owes from its first accepted order until it is closed. Each of its
 * lines is in one state:
 *
 *   OPEN      owed
 *   PAID      settled by a payment (cash, card, bank account, on credit, charge to room, self publish)
 *   TREATED   on the house, with who and why
 *   CANCELED  taken back (not served, a mistake), with who and why
 *
 * Only an OPEN line changes, and only once: OPEN -> PAID | TREATED | CANCELED, so a line is never
 * paid twice. Part of a line (k of its q pieces) is settled by splitting it first: the settled part
 * becomes a line of its own (splitLine). Amounts are integer cents and always add up:
 *
 *   total = paid + treated + canceled + remaining
 */
import type { SpotType } from "./spots";
import { spotKind } from "./spots";

export const OPENING_STATUSES = ["OPEN", "CLOSED", "MERGED"] as const;
/** OPEN collects orders; CLOSED is settled; MERGED was moved whole into another opening (transfer). */
export type OpeningStatus = (typeof OPENING_STATUSES)[number];

export const OPENING_LINE_STATES = ["OPEN", "PAID", "TREATED", "CANCELED"] as const;
export type OpeningLineState = (typeof OPENING_LINE_STATES)[number];

export const OPENING_LINE_KINDS = [
  /** A line of an accepted order. */
  "ITEM",
  /** The room-service percentage charge of an order (its own line, so it can be treated alone). */
  "ROOM_CHARGE",
  /** What was missing to reach the minimum consumption, charged at closing when the venue says so. */
  "MINIMUM_CONSUMPTION",
] as const;
export type OpeningLineKind = (typeof OPENING_LINE_KINDS)[number];

/** Spec §9 "Payment and receipt types shown: cash, card, bank account, on credit, charge to room, self publish". */
export const SETTLEMENT_TYPES = [
  "CASH",
  "CARD",
  "BANK_ACCOUNT",
  "ON_CREDIT",
  "CHARGE_TO_ROOM",
  "SELF_PUBLISH",
] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const RECEIPT_KINDS = ["TEMPORARY", "FINAL"] as const;
/** TEMPORARY: what is owed now (any time); FINAL: after close. */
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** Longest reason for a treat or a cancel, and longest on-credit account name. */
export const SETTLE_REASON_MAX_LENGTH = 200;
export const CREDIT_ACCOUNT_MAX_LENGTH = 120;

/** Which openings a list screen shows: tables (every table kind) or rooms (hotels). */
export type OpeningsListKind = "tables" | "rooms";

/** Spots that open a table opening: every kind but delivery. */
export function spotOpensTables(type: SpotType): boolean {
  return spotKind(type) !== "delivery";
}

export function openingsListKindOf(type: SpotType): OpeningsListKind {
  return spotKind(type) === "room" ? "rooms" : "tables";
}

/**
 * The spot an accepted order is owed at: the table a waiter picked on a PDA (selectedTableId),
 * else the spot of the link. null: it opens nothing (delivery).
 */
export function openingSpotOf(order: {
  spotId: number;
  spotType: SpotType;
  selectedTableId: number | null;
}): number | null {
  if (order.selectedTableId !== null) return order.selectedTableId;
  return spotOpensTables(order.spotType) ? order.spotId : null;
}

export interface LineAmount {
  state: OpeningLineState;
  kind: OpeningLineKind;
  amountCents: number;
}

export interface OpeningAmounts {
  totalCents: number;
  paidCents: number;
  treatedCents: number;
  canceledCents: number;
  remainingCents: number;
}

/**
 * The opening's amounts from its lines. `onAccountCents` is what guests paid towards the table
 * rather than towards lines (a share or an amount, domain/bill.ts): it counts as paid and lowers
 * what remains, and the writes keep it within the open lines, so the amounts still add up.
 */
export function openingAmounts(lines: readonly LineAmount[], onAccountCents = 0): OpeningAmounts {
  const sumOf = (state: OpeningLineState) =>
    lines.filter((line) => line.state === state).reduce((sum, line) => sum + line.amountCents, 0);
  const paidCents = sumOf("PAID") + onAccountCents;
  const treatedCents = sumOf("TREATED");
  const canceledCents = sumOf("CANCELED");
  const remainingCents = sumOf("OPEN") - onAccountCents;
  return {
    totalCents: paidCents + treatedCents + canceledCents + remainingCents,
    paidCents,
    treatedCents,
    canceledCents,
    remainingCents,
  };
}

/**
 * The open-tables screen's order: sections in floor order (sections the floor plan does
 * not list last, by name), and in each the oldest opening first, so the table waiting longest is on top.
 */
export function groupBySection<Opening extends { id: number; openedAt: string; spot: { section: string } }>(
  openings: readonly Opening[],
  floorOrder: readonly string[],
): Array<{ section: string; openings: Opening[] }> {
  const rank = (section: string) => {
    const index = floorOrder.indexOf(section);
    return index === -1 ? floorOrder.length : index;
  };
  const bySection = new Map<string, Opening[]>();
  for (const opening of [...openings].sort((a, b) => a.openedAt.localeCompare(b.openedAt) || a.id - b.id)) {
    const list = bySection.get(opening.spot.section) ?? [];
    list.push(opening);
    bySection.set(opening.spot.section, list);
  }
  return [...bySection.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([section, list]) => ({ section, openings: list }));
}

/** Minimum consumption of a spot, from the venue file (the spot's own, else its section's). */
export interface MinimumConsumption {
  cents: number;
  /** Charge what is missing as a line of its own when closing; otherwise only shown. */
  chargeMissing: boolean;
}

/**
 * What counts towards the minimum is what the guests pay for: paid and open lines, not treated or
 * canceled ones, and not an earlier minimum-consumption line itself.
 */
export function consumedTowardsMinimum(lines: readonly LineAmount[]): number {
  return lines
    .filter((line) => line.kind !== "MINIMUM_CONSUMPTION" && (line.state === "OPEN" || line.state === "PAID"))
    .reduce((sum, line) => sum + line.amountCents, 0);
}

/** Cents still missing to reach the minimum (0 when reached or when there is none). */
export function missingForMinimum(minimum: MinimumConsumption | null, lines: readonly LineAmount[]): number {
  if (minimum === null) return 0;
  return Math.max(0, minimum.cents - consumedTowardsMinimum(lines));
}

/** The line closing adds, if any: the missing amount, when the venue charges it. */
export function minimumLineAtClose(minimum: MinimumConsumption | null, lines: readonly LineAmount[]): number | null {
  if (minimum === null || !minimum.chargeMissing) return null;
  const missing = missingForMinimum(minimum, lines);
  return missing > 0 ? missing : null;
}

/**
 * Settling k of a line's q pieces: the settled part's amount, rounded half up, and the part left.
 * Lines of ordinary items divide exactly ((unit + options) x q); the rounding only matters for
 * amounts that do not, and the two parts always add up to the line's amount. Per-kg lines and
 * single lines are settled whole.
 */
export function splitLine(
  line: { quantity: number; amountCents: number; perKg: boolean },
  quantity: number,
): { settledCents: number; leftCents: number } | { error: "INVALID_QUANTITY" } {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity) return { error: "INVALID_QUANTITY" };
  if (quantity === line.quantity) return { settledCents: line.amountCents, leftCents: 0 };
  if (line.perKg) return { error: "INVALID_QUANTITY" };
  const settledCents = Math.floor((line.amountCents * quantity * 2 + line.quantity) / (2 * line.quantity));
  return { settledCents, leftCents: line.amountCents - settledCents };
}

export type StaffRole = "WAITER" | "ADMIN";

/** Treating and canceling need an admin, or a waiter when the venue allows it (waitersMayTreatAndCancel). */
export function mayTreatOrCancel(role: StaffRole, waitersMayTreatAndCancel: boolean): boolean {
  return role === "ADMIN" || waitersMayTreatAndCancel;
}

/** Reopening a closed opening: admins only, on the Athens day it was closed. */
export function mayReopen(role: StaffRole, closedOnAthensDay: string, todayInAthens: string): boolean {
  return role === "ADMIN" && closedOnAthensDay === todayInAthens;
}

/** A line's state may change only from OPEN, and only to another state. */
export function mayChangeLine(from: OpeningLineState, to: OpeningLineState): boolean {
  return from === "OPEN" && to !== "OPEN";
}

/* ---------- the floor plan of a store (venue file: sections, card terminals, outlets) ---------- */

export interface FloorSection {
  name: string;
  /** Groups sections a waiter picks from together (spec §3 tableFamilySections), e.g. "Παραλία". */
  tableFamily: string | null;
  minimumConsumption: MinimumConsumption | null;
}

export interface CardTerminal {
  id: number;
  name: string;
}

/** A hotel's outlet (restaurant, pool bar...) and the sections it serves (spec §3 restaurantsWithTheirTables). */
export interface Outlet {
  id: number;
  names: { GRE: { name: string }; ENG: { name: string } };
  sections: string[];
}

export interface FloorPlan {
  sections: FloorSection[];
  cardTerminals: CardTerminal[];
  outlets: Outlet[];
  /** Waiters may treat and cancel lines (admins always may). */
  waitersMayTreatAndCancel: boolean;
}

export const EMPTY_FLOOR_PLAN: FloorPlan = {
  sections: [],
  cardTerminals: [],
  outlets: [],
  waitersMayTreatAndCancel: false,
};

/** Sections grouped by table family, in floor order; sections without a family stand alone. */
export function tableFamilySections(plan: FloorPlan): Array<{ family: string; sections: string[] }> {
  const families: Array<{ family: string; sections: string[] }> = [];
  for (const section of plan.sections) {
    const family = section.tableFamily ?? section.name;
    const existing = families.find((f) => f.family === family);
    if (existing) existing.sections.push(section.name);
    else families.push({ family, sections: [section.name] });
  }
  return families;
}
