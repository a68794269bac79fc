/**
 * An accepted order joins its spot's table opening, inside the transaction that accepted it, so an order is never accepted without being owed somewhere.
 *
 * - The spot is the table a waiter picked on a PDA, else the order's own spot; delivery spots
 *   never open a table (domain openingSpotOf).
 * - Each order line becomes an ITEM line; a room-service charge a ROOM_CHARGE line of its own.
 * - Cash orders are owed (OPEN). A card order was paid online (captured on accept): its lines are
 *   PAID by an online CARD payment, so the table never pays them twice. A charge-to-room order is
 *   PAID here by CHARGE_TO_ROOM and owed (OPEN) on the room's opening, which it starts if needed:
 *   the hotel accepted the charge when it accepted the order.
 */
import type { Kysely } from "kysely";
import type { Translations } from "../../domain/languages";
import type { OrderLineOptionDto } from "../../domain/orders-api";
import { rentalNoteNames } from "../../domain/rental-note";
import { openingSpotOf } from "../../domain/table-openings";
import type { Database } from "../db/schema";
import type { OrderLineRow, OrderRow } from "../db/tables/orders.tables";
import { athensDayText } from "../orders/athens-clock";
import { copyOf, insertLines, insertPayment, type NewLine, openOpeningOf, settleLines } from "./opening-writes";

/** The names of the room-service charge line (the charge itself is the order's room_charge_cents). */
export const ROOM_CHARGE_NAMES: Translations = {
  GRE: { name: "Χρέωση υπηρεσίας δωματίου" },
  ENG: { name: "Room service charge" },
};

export async function attachAcceptedOrder(
  trx: Kysely<Database>,
  order: OrderRow,
  waiterStaffId: number | null,
  now: string,
): Promise<void> {
  const spot = await trx.selectFrom("spots").select(["id", "type"]).where("id", "=", order.spot_id).executeTakeFirst();
  if (spot === undefined) return;
  const spotId = openingSpotOf({ spotId: spot.id, spotType: spot.type, selectedTableId: order.selected_table_id });
  if (spotId === null) return;

  const start = { storeId: order.store_id, departmentServiceId: order.service_id, waiterStaffId, now };
  const opening = await openOpeningOf(trx, { ...start, spotId });
  const lines = await insertLines(trx, opening.id, await linesOfOrder(trx, order), now);
  const room = order.payment_type === "CHARGE_TO_ROOM" ? order.charging_room_id : null;
  // Cash, and a room's own order charged to itself, are simply owed here.
  if (order.payment_type === "CASH" || room === spotId || lines.length === 0) return;

  const athensDay = athensDayText(new Date(now));
  const paymentId = await insertPayment(trx, {
    openingId: opening.id,
    storeId: order.store_id,
    type: order.payment_type === "CARD" ? "CARD" : "CHARGE_TO_ROOM",
    amountCents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
    cardTerminalId: null,
    creditAccount: null,
    roomSpotId: room,
    online: order.payment_type === "CARD",
    staffId: waiterStaffId,
    athensDay,
    now,
  });
  await settleLines(
    trx,
    lines.map((line) => line.id),
    { state: "PAID", reason: null, staffId: waiterStaffId, paymentId, athensDay, now },
  );
  if (room !== null) {
    const roomOpening = await openOpeningOf(trx, { ...start, spotId: room });
    await insertLines(
      trx,
      roomOpening.id,
      lines.map((line) => copyOf(line, spotId)),
      now,
    );
  }
}

function rentalNotes(row: OrderLineRow): Translations[] {
  const { rental_pick_up_at: pickUpAt, rental_return_at: returnAt, rental_units: units, rental_unit: unit } = row;
  if (pickUpAt === null || returnAt === null || units === null || unit === null) return [];
  return [rentalNoteNames({ pickUpAt, returnAt, units }, unit)];
}

async function linesOfOrder(trx: Kysely<Database>, order: OrderRow): Promise<NewLine[]> {
  const rows = await trx
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "=", order.id)
    .orderBy("position")
    .execute();
  const lines: NewLine[] = rows.map((row) => ({
    kind: "ITEM",
    orderId: order.id,
    names: JSON.parse(row.names) as Translations,
    // A rental's dates ride along as one more note, so the bill and every receipt show them.
    options: [...(JSON.parse(row.options) as OrderLineOptionDto[]).map((option) => option.names), ...rentalNotes(row)],
    comment: row.comment,
    quantity: row.quantity,
    grams: row.grams,
    amountCents: row.total_cents,
    movedFromSpotId: null,
  }));
  if (order.room_charge_cents > 0) {
    lines.push({
      kind: "ROOM_CHARGE",
      orderId: order.id,
      names: ROOM_CHARGE_NAMES,
      options: [],
      comment: "",
      quantity: 1,
      grams: null,
      amountCents: order.room_charge_cents,
      movedFromSpotId: null,
    });
  }
  return lines;
}
