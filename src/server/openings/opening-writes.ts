/**
 * The writes every table-opening change is made of, inside the caller's transaction: start (or
 * find) a spot's open opening, add lines, record a payment, mark lines settled, bump the version.
 * One OPEN opening per spot is the partial unique index's promise: two accepts racing for an empty
 * table insert once (`on conflict do nothing`), and the other finds the row.
 */
import { type Kysely, sql } from "kysely";
import type { Translations } from "../../domain/languages";
import type { OpeningLineState, SettlementType } from "../../domain/table-openings";
import { toDbBoolean, toJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { NewTableOpeningLineRow, TableOpeningLineRow, TableOpeningRow } from "../db/tables/table-openings.tables";

export interface OpeningStart {
  storeId: number;
  spotId: number;
  departmentServiceId: number;
  waiterStaffId: number | null;
  now: string;
}

/** The spot's OPEN opening, started now when it has none; its version bumped either way. */
export async function openOpeningOf(trx: Kysely<Database>, start: OpeningStart): Promise<TableOpeningRow> {
  await trx
    .insertInto("table_openings")
    .values({
      store_id: start.storeId,
      spot_id: start.spotId,
      status: "OPEN",
      version: 1,
      department_service_id: start.departmentServiceId,
      waiter_staff_id: start.waiterStaffId,
      opened_at: start.now,
      last_activity_at: start.now,
    })
    // The conflict target names the partial index; its condition must be the index's literal text.
    .onConflict((oc) => oc.column("spot_id").where("status", "=", sql.lit("OPEN")).doNothing())
    .execute();
  return trx
    .updateTable("table_openings")
    .set((eb) => ({ version: eb("version", "+", 1), last_activity_at: start.now }))
    .where("spot_id", "=", start.spotId)
    .where("status", "=", "OPEN")
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NewLine {
  kind: NewTableOpeningLineRow["kind"];
  orderId: number | null;
  names: Translations;
  options: Translations[];
  comment: string;
  quantity: number;
  grams: number | null;
  amountCents: number;
  movedFromSpotId: number | null;
}

export async function insertLines(
  trx: Kysely<Database>,
  openingId: number,
  lines: readonly NewLine[],
  now: string,
): Promise<TableOpeningLineRow[]> {
  if (lines.length === 0) return [];
  return trx
    .insertInto("table_opening_lines")
    .values(
      lines.map((line) => ({
        opening_id: openingId,
        kind: line.kind,
        order_id: line.orderId,
        names: toJsonText(line.names),
        options: toJsonText(line.options),
        comment: line.comment,
        quantity: line.quantity,
        grams: line.grams,
        amount_cents: line.amountCents,
        state: "OPEN" as const,
        moved_from_spot_id: line.movedFromSpotId,
        created_at: now,
      })),
    )
    .returningAll()
    .execute();
}

/** A line as it is, to be added elsewhere (a transfer, a charge to room) as OPEN. */
export function copyOf(line: TableOpeningLineRow, movedFromSpotId: number | null): NewLine {
  return {
    kind: line.kind,
    orderId: line.order_id,
    names: JSON.parse(line.names) as Translations,
    options: JSON.parse(line.options) as Translations[],
    comment: line.comment,
    quantity: line.quantity,
    grams: line.grams,
    amountCents: line.amount_cents,
    movedFromSpotId,
  };
}

export interface NewPayment {
  openingId: number;
  storeId: number;
  type: SettlementType;
  amountCents: number;
  cardTerminalId: number | null;
  creditAccount: string | null;
  roomSpotId: number | null;
  online: boolean;
  staffId: number | null;
  athensDay: string;
  now: string;
  /** A guest's payment from the bill on the phone: tip, payer, card, and whether it is towards the table. */
  guest?: { userId: number; tipCents: number; brand: string; lastFour: string; onAccount: boolean };
}

export async function insertPayment(trx: Kysely<Database>, payment: NewPayment): Promise<number> {
  const row = await trx
    .insertInto("table_opening_payments")
    .values({
      opening_id: payment.openingId,
      store_id: payment.storeId,
      type: payment.type,
      amount_cents: payment.amountCents,
      card_terminal_id: payment.cardTerminalId,
      credit_account: payment.creditAccount,
      room_spot_id: payment.roomSpotId,
      online: payment.online ? 1 : 0,
      staff_id: payment.staffId,
      athens_day: payment.athensDay,
      created_at: payment.now,
      tip_cents: payment.guest?.tipCents ?? 0,
      guest_user_id: payment.guest?.userId ?? null,
      card_brand: payment.guest?.brand ?? null,
      card_last_four: payment.guest?.lastFour ?? null,
      on_account: toDbBoolean(payment.guest?.onAccount ?? false),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface LineSettlement {
  state: Exclude<OpeningLineState, "OPEN">;
  reason: string | null;
  staffId: number | null;
  paymentId: number | null;
  athensDay: string;
  now: string;
}

/**
 * Marks open lines settled. Only lines still OPEN change: the count tells the caller whether a
 * concurrent change got to one first (then it rolls back).
 */
export async function settleLines(
  trx: Kysely<Database>,
  lineIds: readonly number[],
  settlement: LineSettlement,
): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await trx
    .updateTable("table_opening_lines")
    .set({
      state: settlement.state,
      reason: settlement.reason,
      by_staff_id: settlement.staffId,
      payment_id: settlement.paymentId,
      athens_day: settlement.athensDay,
      settled_at: settlement.now,
    })
    .where("id", "in", lineIds)
    .where("state", "=", "OPEN")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function linesOfOpening(trx: Kysely<Database>, openingId: number): Promise<TableOpeningLineRow[]> {
  return trx.selectFrom("table_opening_lines").selectAll().where("opening_id", "=", openingId).orderBy("id").execute();
}

/** What guests paid towards the table (a share or an amount) that the table's lines have not used up yet. */
export async function onAccountCentsOf(trx: Kysely<Database>, openingId: number): Promise<number> {
  return (await onAccountByOpening(trx, [openingId])).get(openingId) ?? 0;
}

export async function onAccountByOpening(
  db: Kysely<Database>,
  openingIds: readonly number[],
): Promise<Map<number, number>> {
  if (openingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("table_opening_payments")
    .select(["opening_id", (eb) => eb.fn.sum<number>("amount_cents").as("cents")])
    .where("opening_id", "in", openingIds)
    .where("on_account", "=", toDbBoolean(true))
    .groupBy("opening_id")
    .execute();
  return new Map(rows.map((row) => [row.opening_id, Number(row.cents)]));
}

/** The table was settled in full: what was paid on account is used up by its lines. */
export async function spendOnAccount(trx: Kysely<Database>, openingId: number): Promise<void> {
  await trx
    .updateTable("table_opening_payments")
    .set({ on_account: toDbBoolean(false) })
    .where("opening_id", "=", openingId)
    .where("on_account", "=", toDbBoolean(true))
    .execute();
}
