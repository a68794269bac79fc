/**
 * The store's day for its admins, to close the till: openings closed that Athens day,
 * what was paid by each settlement type, treated and canceled lines with who and why, on-credit
 * receivables, receipts issued, guests' tips by waiter. Everything is counted on the day it happened (a payment's day, a
 * line's settling day), so a table open across midnight is split between the two days as its money was.
 */
import type { Kysely } from "kysely";
import type { Translations } from "../../domain/languages";
import { SETTLEMENT_TYPES } from "../../domain/table-openings";
import type { DaySummary } from "../../domain/table-openings-api";
import { spotNamesOf } from "../catalogue/presenters";
import { fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";

export async function daySummary(db: Kysely<Database>, storeId: number, athensDay: string): Promise<DaySummary> {
  const [store, closed, open, payments, adjustments, receipts] = await Promise.all([
    db.selectFrom("stores").select("names").where("id", "=", storeId).executeTakeFirstOrThrow(),
    db
      .selectFrom("table_openings")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("store_id", "=", storeId)
      .where("status", "=", "CLOSED")
      .where("closed_athens_day", "=", athensDay)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("table_openings")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("store_id", "=", storeId)
      .where("status", "=", "OPEN")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("table_opening_payments")
      .innerJoin("table_openings", "table_openings.id", "table_opening_payments.opening_id")
      .leftJoin("staff", "staff.id", "table_openings.waiter_staff_id")
      .select([
        "table_opening_payments.id",
        "table_opening_payments.type",
        "table_opening_payments.amount_cents",
        "table_opening_payments.tip_cents",
        "table_opening_payments.credit_account",
        "table_opening_payments.opening_id",
        "table_opening_payments.created_at",
        "staff.name as waiter_name",
      ])
      .where("table_opening_payments.store_id", "=", storeId)
      .where("table_opening_payments.athens_day", "=", athensDay)
      .orderBy("table_opening_payments.id")
      .execute(),
    db
      .selectFrom("table_opening_lines")
      .innerJoin("table_openings", "table_openings.id", "table_opening_lines.opening_id")
      .leftJoin("spots", "spots.id", "table_openings.spot_id")
      .leftJoin("staff", "staff.id", "table_opening_lines.by_staff_id")
      .select([
        "table_opening_lines.id",
        "table_opening_lines.state",
        "table_opening_lines.names",
        "table_opening_lines.quantity",
        "table_opening_lines.amount_cents",
        "table_opening_lines.reason",
        "table_opening_lines.settled_at",
        "spots.name as spot_name",
        "spots.names as spot_names",
        "staff.name as staff_name",
      ])
      .where("table_openings.store_id", "=", storeId)
      .where("table_opening_lines.athens_day", "=", athensDay)
      .where("table_opening_lines.state", "in", ["TREATED", "CANCELED"])
      .orderBy("table_opening_lines.settled_at")
      .execute(),
    db
      .selectFrom("receipts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("store_id", "=", storeId)
      .where("athens_day", "=", athensDay)
      .executeTakeFirstOrThrow(),
  ]);
  const sumOf = (rows: ReadonlyArray<{ amount_cents: number }>) => rows.reduce((sum, row) => sum + row.amount_cents, 0);
  const adjustmentsOf = (state: "TREATED" | "CANCELED") => adjustments.filter((a) => a.state === state);
  return {
    storeId,
    storeNames: fromJsonText<Translations>(store.names),
    athensDay,
    openingsClosed: Number(closed.count),
    openingsOpen: Number(open.count),
    totalsByType: SETTLEMENT_TYPES.map((type) => ({
      type,
      amountCents: sumOf(payments.filter((p) => p.type === type)),
    })),
    paidCents: sumOf(payments),
    treatedCents: sumOf(adjustmentsOf("TREATED")),
    canceledCents: sumOf(adjustmentsOf("CANCELED")),
    adjustments: adjustments.map((a) => ({
      lineId: a.id,
      state: a.state as "TREATED" | "CANCELED",
      spotNames: spotNamesOf({ name: a.spot_name ?? "", names: a.spot_names }),
      names: fromJsonText<Translations>(a.names),
      quantity: a.quantity,
      amountCents: a.amount_cents,
      reason: a.reason ?? "",
      byName: a.staff_name,
      at: a.settled_at ?? "",
    })),
    receivables: payments
      .filter((p) => p.type === "ON_CREDIT")
      .map((p) => ({
        paymentId: p.id,
        account: p.credit_account ?? "",
        amountCents: p.amount_cents,
        openingId: p.opening_id,
        at: p.created_at,
      })),
    receiptsIssued: Number(receipts.count),
    tipsCents: payments.reduce((sum, p) => sum + p.tip_cents, 0),
    tipsByWaiter: tipsByWaiter(payments),
  };
}

/** A guest's tip goes to the waiter of the table it was left at (the one who took its first order). */
function tipsByWaiter(
  payments: ReadonlyArray<{ tip_cents: number; waiter_name: string | null }>,
): DaySummary["tipsByWaiter"] {
  const byWaiter = new Map<string | null, number>();
  for (const { tip_cents, waiter_name } of payments) {
    if (tip_cents > 0) byWaiter.set(waiter_name, (byWaiter.get(waiter_name) ?? 0) + tip_cents);
  }
  return [...byWaiter.entries()]
    .map(([waiterName, tipCents]) => ({ waiterName, tipCents }))
    .sort((a, b) => (a.waiterName ?? "").localeCompare(b.waiterName ?? ""));
}
