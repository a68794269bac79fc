/**
 * The bill of a spot as its guests see it (Bill): the spot's open table opening, or, once it was
 * closed, the last one of this visit shown as settled. Lines never say who ordered them, only
 * whether the reader did; payments say how (the phone, or at the table) and whether they were the
 * reader's. Amounts are the opening's (domain openingAmounts, counting what was paid on account).
 */
import type { Kysely } from "kysely";
import type { Bill } from "../../domain/bill-api";
import type { Translations } from "../../domain/languages";
import { openingAmounts } from "../../domain/table-openings";
import { spotNamesOf } from "../catalogue/presenters";
import { fromDbBoolean, fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { SpotRow } from "../db/tables/catalogue.tables";
import type { TableOpeningRow } from "../db/tables/table-openings.tables";
import type { OrderViewer } from "../orders/order-access";
import { visitStart } from "./bill-access";

/** The opening a spot's bill shows: its open one, else the last closed during this visit. */
export async function billOpeningOf(
  db: Kysely<Database>,
  spotId: number,
  now: Date,
): Promise<TableOpeningRow | undefined> {
  const open = await db
    .selectFrom("table_openings")
    .selectAll()
    .where("spot_id", "=", spotId)
    .where("status", "=", "OPEN")
    .executeTakeFirst();
  if (open !== undefined) return open;
  return db
    .selectFrom("table_openings")
    .selectAll()
    .where("spot_id", "=", spotId)
    .where("status", "=", "CLOSED")
    .where("closed_at", ">=", visitStart(now))
    .orderBy("closed_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function readBill(db: Kysely<Database>, viewer: OrderViewer, spot: SpotRow, now: Date): Promise<Bill> {
  const [opening, store] = await Promise.all([
    billOpeningOf(db, spot.id, now),
    db.selectFrom("stores").select("card_payments_enabled").where("id", "=", spot.store_id).executeTakeFirstOrThrow(),
  ]);
  const base = {
    tableId: spot.id,
    storeId: spot.store_id,
    spotNames: spotNamesOf(spot),
    spotType: spot.type,
    cardPayments: fromDbBoolean(store.card_payments_enabled),
    readAt: now.toISOString(),
  };
  if (opening === undefined) {
    return {
      ...base,
      status: "NONE",
      openingId: null,
      version: 0,
      totalCents: 0,
      paidCents: 0,
      owedCents: 0,
      waivedCents: 0,
      lines: [],
      payments: [],
      split: null,
    };
  }
  const [lines, payments, mine] = await Promise.all([
    db.selectFrom("table_opening_lines").selectAll().where("opening_id", "=", opening.id).orderBy("id").execute(),
    db.selectFrom("table_opening_payments").selectAll().where("opening_id", "=", opening.id).orderBy("id").execute(),
    db
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", viewer.userId)
      .where("store_id", "=", spot.store_id)
      .where("created_at", ">=", opening.opened_at.slice(0, 10))
      .execute(),
  ]);
  const myOrders = new Set(mine.map((row) => row.id));
  const onAccount = payments.filter((p) => fromDbBoolean(p.on_account)).reduce((sum, p) => sum + p.amount_cents, 0);
  const amounts = openingAmounts(
    lines.map((line) => ({ state: line.state, kind: line.kind, amountCents: line.amount_cents })),
    onAccount,
  );
  return {
    ...base,
    status: opening.status === "OPEN" ? "OPEN" : "SETTLED",
    openingId: opening.id,
    version: opening.version,
    totalCents: amounts.totalCents,
    paidCents: amounts.paidCents,
    owedCents: opening.status === "OPEN" ? amounts.remainingCents : 0,
    waivedCents: amounts.treatedCents + amounts.canceledCents,
    lines: lines.map((line) => ({
      id: line.id,
      names: fromJsonText<Translations>(line.names),
      options: fromJsonText<Translations[]>(line.options),
      quantity: line.quantity,
      kilos: line.grams === null ? null : line.grams / 1000,
      amountCents: line.amount_cents,
      state: line.state,
      mine: line.order_id !== null && myOrders.has(line.order_id),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      method: fromDbBoolean(payment.online) ? ("CARD_ONLINE" as const) : ("AT_TABLE" as const),
      amountCents: payment.amount_cents,
      tipCents: payment.tip_cents,
      mine: payment.guest_user_id !== null && payment.guest_user_id === viewer.userId,
      at: payment.created_at,
    })),
    split:
      opening.split_parts === null || opening.status !== "OPEN"
        ? null
        : { parts: opening.split_parts, paidParts: opening.split_paid_parts },
  };
}
