/**
 * Table openings as the staff screens read them (OpeningSummary, OpeningDetail): amounts from the
 * lines (domain openingAmounts, which always add up), the minimum consumption and what is missing,
 * who did what by name, and the spot's pending orders. Reads a whole store's open openings in a
 * fixed number of queries, however many tables are open.
 */
import type { Kysely } from "kysely";
import type { Translations } from "../../domain/languages";
import { PENDING_ORDER_STATUSES } from "../../domain/orders-api";
import {
  type LineAmount,
  type MinimumConsumption,
  missingForMinimum,
  type OpeningsListKind,
  openingAmounts,
  openingsListKindOf,
  spotOpensTables,
} from "../../domain/table-openings";
import type {
  OpeningDetail,
  OpeningLineDto,
  OpeningPaymentDto,
  OpeningSummary,
  OpenOpenings,
} from "../../domain/table-openings-api";
import { spotNamesOf } from "../catalogue/presenters";
import { fromDbBoolean, fromJsonText, toDbBoolean } from "../db/columns";
import type { Database } from "../db/schema";
import type { TableOpeningLineRow, TableOpeningPaymentRow, TableOpeningRow } from "../db/tables/table-openings.tables";
import { floorPlanOf } from "./floor-plan";

/** A spot this store no longer has (removed from the venue file): its id, in every language. */
function unknownSpotNames(spotId: number): Translations {
  return { GRE: { name: `#${spotId}` }, ENG: { name: `#${spotId}` } };
}

/** Names and places an opening's rows refer to by id, read once per store. */
interface StoreLookups {
  staffNames: Map<number, string>;
  spots: Map<
    number,
    {
      id: number;
      names: Translations;
      type: OpeningSummary["spot"]["type"];
      section: string;
      capacity: number;
      isPda: boolean;
      minimum: MinimumConsumption | null;
    }
  >;
  serviceNames: Map<number, Translations>;
  cardTerminalNames: Map<number, string>;
}

async function storeLookups(db: Kysely<Database>, storeId: number): Promise<StoreLookups> {
  const [staff, spots, services, store] = await Promise.all([
    db.selectFrom("staff").select(["id", "name"]).where("store_id", "=", storeId).execute(),
    db
      .selectFrom("spots")
      .select(["id", "name", "names", "type", "section", "capacity", "minimum_consumption", "is_pda"])
      .where("store_id", "=", storeId)
      .orderBy("position")
      .execute(),
    db.selectFrom("services").select(["id", "names"]).where("store_id", "=", storeId).execute(),
    db.selectFrom("stores").select("floor_plan").where("id", "=", storeId).executeTakeFirst(),
  ]);
  const plan = floorPlanOf(store?.floor_plan);
  return {
    staffNames: new Map(staff.map((s) => [s.id, s.name])),
    spots: new Map(
      spots.map((s) => [
        s.id,
        {
          id: s.id,
          names: spotNamesOf(s),
          type: s.type,
          section: s.section,
          capacity: s.capacity,
          isPda: fromDbBoolean(s.is_pda),
          minimum: s.minimum_consumption === null ? null : fromJsonText<MinimumConsumption>(s.minimum_consumption),
        },
      ]),
    ),
    serviceNames: new Map(services.map((s) => [s.id, fromJsonText<Translations>(s.names)])),
    cardTerminalNames: new Map(plan.cardTerminals.map((t) => [t.id, t.name])),
  };
}

function amountsOf(lines: readonly TableOpeningLineRow[]): LineAmount[] {
  return lines.map((line) => ({ state: line.state, kind: line.kind, amountCents: line.amount_cents }));
}

function summaryOf(
  opening: TableOpeningRow,
  lines: readonly TableOpeningLineRow[],
  onAccountCents: number,
  pendingOrders: number,
  lookups: StoreLookups,
): OpeningSummary {
  const spot = lookups.spots.get(opening.spot_id);
  const minimum = spot?.minimum ?? null;
  const amounts = amountsOf(lines);
  return {
    id: opening.id,
    storeId: opening.store_id,
    status: opening.status,
    version: opening.version,
    spot: {
      id: opening.spot_id,
      names: spot?.names ?? unknownSpotNames(opening.spot_id),
      type: spot?.type ?? "TABLE",
      section: spot?.section ?? "",
      capacity: spot?.capacity ?? 0,
    },
    openedAt: opening.opened_at,
    waiterName: nameOf(lookups, opening.waiter_staff_id),
    department: {
      serviceId: opening.department_service_id,
      names: lookups.serviceNames.get(opening.department_service_id) ?? { GRE: { name: "" }, ENG: { name: "" } },
    },
    amounts: openingAmounts(amounts, onAccountCents),
    minimumConsumption: minimum === null ? null : { ...minimum, missingCents: missingForMinimum(minimum, amounts) },
    pendingOrders,
    lastActivityAt: opening.last_activity_at,
  };
}

function nameOf(lookups: StoreLookups, staffId: number | null): string | null {
  return staffId === null ? null : (lookups.staffNames.get(staffId) ?? null);
}

function lineDtoOf(
  line: TableOpeningLineRow,
  dailyNumbers: ReadonlyMap<number, number>,
  lookups: StoreLookups,
): OpeningLineDto {
  return {
    id: line.id,
    kind: line.kind,
    orderId: line.order_id,
    dailyNumber: line.order_id === null ? null : (dailyNumbers.get(line.order_id) ?? null),
    names: fromJsonText<Translations>(line.names),
    quantity: line.quantity,
    kilos: line.grams === null ? null : line.grams / 1000,
    options: fromJsonText<Translations[]>(line.options),
    comment: line.comment,
    amountCents: line.amount_cents,
    state: line.state,
    reason: line.reason,
    byName: nameOf(lookups, line.by_staff_id),
    at: line.settled_at,
    paymentId: line.payment_id,
    movedFromSpotNames:
      line.moved_from_spot_id === null ? null : (lookups.spots.get(line.moved_from_spot_id)?.names ?? null),
  };
}

function paymentDtoOf(payment: TableOpeningPaymentRow, lookups: StoreLookups): OpeningPaymentDto {
  return {
    id: payment.id,
    type: payment.type,
    amountCents: payment.amount_cents,
    cardTerminalName:
      payment.card_terminal_id === null ? null : (lookups.cardTerminalNames.get(payment.card_terminal_id) ?? null),
    creditAccount: payment.credit_account,
    roomNames: payment.room_spot_id === null ? null : (lookups.spots.get(payment.room_spot_id)?.names ?? null),
    online: fromDbBoolean(payment.online),
    byName: nameOf(lookups, payment.staff_id),
    at: payment.created_at,
    tipCents: payment.tip_cents,
    guestCard:
      payment.card_brand === null ? null : { brand: payment.card_brand, lastFour: payment.card_last_four ?? "" },
    onAccount: fromDbBoolean(payment.on_account),
  };
}

/** Pending orders per spot (the table a PDA picked, else the order's spot). */
async function pendingOrdersBySpot(db: Kysely<Database>, storeId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("orders")
    .select(["spot_id", "selected_table_id"])
    .where("store_id", "=", storeId)
    .where("status", "in", PENDING_ORDER_STATUSES)
    .execute();
  const counts = new Map<number, number>();
  for (const row of rows) {
    const spot = row.selected_table_id ?? row.spot_id;
    counts.set(spot, (counts.get(spot) ?? 0) + 1);
  }
  return counts;
}

export async function listOpenOpenings(
  db: Kysely<Database>,
  storeId: number,
  kind: OpeningsListKind,
): Promise<OpenOpenings> {
  const [openings, lookups, pending, store, onAccount] = await Promise.all([
    db
      .selectFrom("table_openings")
      .selectAll()
      .where("store_id", "=", storeId)
      .where("status", "=", "OPEN")
      .orderBy("opened_at")
      .orderBy("id")
      .execute(),
    storeLookups(db, storeId),
    pendingOrdersBySpot(db, storeId),
    db.selectFrom("stores").select("floor_plan").where("id", "=", storeId).executeTakeFirst(),
    onAccountOfOpenTables(db, storeId),
  ]);
  const ofKind = openings.filter((o) => {
    const type = lookups.spots.get(o.spot_id)?.type;
    return type !== undefined && openingsListKindOf(type) === kind;
  });
  const lines =
    ofKind.length === 0
      ? []
      : await db
          .selectFrom("table_opening_lines")
          .select(["opening_id", "state", "kind", "amount_cents"])
          .where(
            "opening_id",
            "in",
            ofKind.map((o) => o.id),
          )
          .execute();
  const linesByOpening = new Map<number, TableOpeningLineRow[]>();
  for (const line of lines as TableOpeningLineRow[]) {
    const list = linesByOpening.get(line.opening_id) ?? [];
    list.push(line);
    linesByOpening.set(line.opening_id, list);
  }
  const plan = floorPlanOf(store?.floor_plan);
  return {
    storeId,
    sections: plan.sections.map((s) => s.name),
    spots: [...lookups.spots.values()]
      .filter((spot) => spotOpensTables(spot.type) && !spot.isPda)
      .map(({ id, names, type, section }) => ({ id, names, type, section })),
    cardTerminals: plan.cardTerminals,
    waitersMayTreatAndCancel: plan.waitersMayTreatAndCancel,
    openings: ofKind.map((o) =>
      summaryOf(o, linesByOpening.get(o.id) ?? [], onAccount.get(o.id) ?? 0, pending.get(o.spot_id) ?? 0, lookups),
    ),
  };
}

/** What guests paid towards each open table of the store and its lines have not used up yet. */
async function onAccountOfOpenTables(db: Kysely<Database>, storeId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("table_opening_payments")
    .select(["opening_id", "amount_cents"])
    .where("store_id", "=", storeId)
    .where("on_account", "=", toDbBoolean(true))
    .execute();
  const byOpening = new Map<number, number>();
  for (const row of rows) byOpening.set(row.opening_id, (byOpening.get(row.opening_id) ?? 0) + row.amount_cents);
  return byOpening;
}

function onAccountOf(payments: readonly TableOpeningPaymentRow[]): number {
  return payments.filter((p) => fromDbBoolean(p.on_account)).reduce((sum, p) => sum + p.amount_cents, 0);
}

/** One opening of the store, or undefined (another store's opening looks missing). */
export async function loadOpeningDetail(
  db: Kysely<Database>,
  storeId: number,
  openingId: number,
): Promise<OpeningDetail | undefined> {
  const opening = await db
    .selectFrom("table_openings")
    .selectAll()
    .where("id", "=", openingId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  if (opening === undefined) return undefined;
  const [lookups, lines, payments, receipts] = await Promise.all([
    storeLookups(db, storeId),
    db.selectFrom("table_opening_lines").selectAll().where("opening_id", "=", openingId).orderBy("id").execute(),
    db.selectFrom("table_opening_payments").selectAll().where("opening_id", "=", openingId).orderBy("id").execute(),
    db
      .selectFrom("receipts")
      .select(["id", "kind", "number", "created_at"])
      .where("opening_id", "=", openingId)
      .orderBy("id")
      .execute(),
  ]);
  const orderIds = [...new Set(lines.map((l) => l.order_id).filter((id): id is number => id !== null))];
  const orders =
    orderIds.length === 0
      ? []
      : await db
          .selectFrom("orders")
          .select(["id", "daily_number", "created_at", "payment_type", "total_cents"])
          .where("id", "in", orderIds)
          .orderBy("id")
          .execute();
  const dailyNumbers = new Map(orders.map((o) => [o.id, o.daily_number]));
  const pending = opening.status === "OPEN" ? ((await pendingOrdersBySpot(db, storeId)).get(opening.spot_id) ?? 0) : 0;
  return {
    ...summaryOf(opening, lines, onAccountOf(payments), pending, lookups),
    lines: lines.map((line) => lineDtoOf(line, dailyNumbers, lookups)),
    orders: orders.map((o) => ({
      id: o.id,
      dailyNumber: o.daily_number,
      createdAt: o.created_at,
      paymentType: o.payment_type,
      totalCents: o.total_cents,
    })),
    payments: payments.map((p) => paymentDtoOf(p, lookups)),
    receipts: receipts.map((r) => ({ id: r.id, kind: r.kind, number: r.number, createdAt: r.created_at })),
    closedAt: opening.closed_at,
    closedByName: nameOf(lookups, opening.closed_by_staff_id),
    mergedIntoOpeningId: opening.merged_into_opening_id,
  };
}
