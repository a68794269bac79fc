/**
 * The money moves of a table opening: pay, treat, cancel, close, transfer, reopen. Each runs inside
 * one transaction (staff-writes.ts wraps it with the request's Idempotency-Key) and starts by taking
 * the opening:
 *
 *   update table_openings set version = version + 1 where id = ? and store_id = ? and status = ? [and version = ?]
 *
 * That one conditional UPDATE orders every change of one opening: on PostgreSQL the row lock makes
 * a second writer wait until the first commits (then it reads what the first wrote); on SQLite
 * writers run one at a time anyway. What the second writer is then checked against depends on what
 * it changes (table-openings-line-checks.ts):
 *
 * - the table as a whole (close, a whole move, "every open line", an older app's request): the
 *   version the waiter saw, so a table that changed meanwhile is OPENING_CHANGED;
 * - some lines, each named as the waiter saw it: only those lines. Another waiter's payment of other
 *   lines of the same table goes through; a line settled meanwhile is LINE_ALREADY_SETTLED (who and
 *   when), a line split or moved meanwhile OPENING_CHANGED with its lineId.
 *
 * A closed or merged opening is OPENING_CLOSED with who closed it and when. The loser changes
 * nothing, so a waiter never collects an amount other than the one on the screen, and nothing is
 * paid twice. Lines only ever leave OPEN (settleLines' `where state = 'OPEN'`), which guards the
 * same promise once more.
 */
import type { Kysely } from "kysely";
import { owedAfterOnAccount } from "../../domain/bill";
import type { Translations } from "../../domain/languages";
import {
  type MinimumConsumption,
  mayReopen,
  mayTreatOrCancel,
  minimumLineAtClose,
  splitLine,
  spotOpensTables,
} from "../../domain/table-openings";
import type { LinePick, Settlement } from "../../domain/table-openings-api";
import { checkedPerLine, lineAsSeen } from "../../domain/table-openings-line-checks";
import { fromJsonText, toDbBoolean } from "../db/columns";
import type { Database } from "../db/schema";
import type { TableOpeningLineRow, TableOpeningRow } from "../db/tables/table-openings.tables";
import { ApiError, conflict, invalidInput, notFound } from "../http/api-error";
import { cancelOnTickets } from "../kitchen/ticket-writes";
import { athensDayText } from "../orders/athens-clock";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { floorPlanOf } from "./floor-plan";
import {
  copyOf,
  insertLines,
  insertPayment,
  linesOfOpening,
  type NewLine,
  type NewPayment,
  onAccountCentsOf,
  openOpeningOf,
  settleLines,
  spendOnAccount,
} from "./opening-writes";

/** What every change of money knows: where, by whom (a guest's own payment has no staff), when, and the Athens day it counts on. */
export interface MoneyContext {
  trx: Kysely<Database>;
  storeId: number;
  staffId: number | null;
  now: string;
  athensDay: string;
  /** The openings this change bumped: their live events go out after the commit (opening-events.ts). */
  touched: Set<number>;
}

/** A waiter's change: the staff member's role decides what they may do. */
export interface ChangeContext extends MoneyContext {
  staff: StaffMember;
}

export function changeContext(trx: Kysely<Database>, staff: StaffMember, now: Date): ChangeContext {
  return { ...moneyContext(trx, staff.storeId, now), staffId: staff.staffId, staff };
}

export function moneyContext(trx: Kysely<Database>, storeId: number, now: Date): MoneyContext {
  return { trx, storeId, staffId: null, now: now.toISOString(), athensDay: athensDayText(now), touched: new Set() };
}

/**
 * Takes an OPEN opening at the version the waiter saw (null: at any version, for a change checked
 * line by line), or refuses with the reason it cannot.
 */
export async function takeOpening(
  c: MoneyContext,
  openingId: number,
  version: number | null,
): Promise<TableOpeningRow> {
  let update = c.trx
    .updateTable("table_openings")
    .set((eb) => ({ version: eb("version", "+", 1), last_activity_at: c.now }))
    .where("id", "=", openingId)
    .where("store_id", "=", c.storeId)
    .where("status", "=", "OPEN");
  if (version !== null) update = update.where("version", "=", version);
  const taken = await update.returningAll().executeTakeFirst();
  if (taken === undefined) throw await whyNotTaken(c, openingId);
  c.touched.add(taken.id);
  return taken;
}

/**
 * Takes the opening for a change of the given lines: checked line by line when every pick says how
 * its line was seen, else (every open line, or a request of an older app) at the version seen.
 */
export function takeOpeningForLines(
  c: MoneyContext,
  openingId: number,
  version: number,
  picks: readonly LinePick[] | null,
): Promise<TableOpeningRow> {
  return takeOpening(c, openingId, checkedPerLine(picks) ? null : version);
}

/**
 * Why an opening could not be taken: missing (404), closed or merged by someone (OPENING_CLOSED,
 * with who and when), or changed since the waiter looked (OPENING_CHANGED, with the version now).
 * For a reopen a CLOSED opening is the expected one, so only a merge counts as closed there.
 */
async function whyNotTaken(c: MoneyContext, openingId: number, reopening = false): Promise<ApiError> {
  const current = await c.trx
    .selectFrom("table_openings")
    .leftJoin("staff", "staff.id", "table_openings.closed_by_staff_id")
    .select(["table_openings.status", "table_openings.version", "table_openings.closed_at", "staff.name"])
    .where("table_openings.id", "=", openingId)
    .where("table_openings.store_id", "=", c.storeId)
    .executeTakeFirst();
  if (current === undefined)
    return notFound("OPENING_NOT_FOUND", `There is no table opening ${openingId} in this store`);
  const closed = reopening ? current.status === "MERGED" : current.status !== "OPEN";
  if (closed) {
    return conflict("OPENING_CLOSED", `This table was closed by ${current.name ?? "someone"} at ${current.closed_at}`, {
      byName: current.name ?? "",
      at: current.closed_at ?? "",
    });
  }
  return conflict("OPENING_CHANGED", "This table changed since you looked at it; check it again", {
    version: current.version,
  });
}

/**
 * The lines a request names, ready to settle: the whole line, or `quantity` of its pieces split off
 * into a line of its own first. null picks every open line. A line no longer open is refused with
 * who settled it and when; a line not as the waiter saw it (split, or moved to another table since)
 * as changed; a line that never was this table's as missing.
 */
export async function pickLines(
  c: MoneyContext,
  opening: TableOpeningRow,
  picks: readonly LinePick[] | null,
): Promise<TableOpeningLineRow[]> {
  const lines = await linesOfOpening(c.trx, opening.id);
  if (picks === null) return lines.filter((line) => line.state === "OPEN");
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  const picked: TableOpeningLineRow[] = [];
  for (const pick of picks) {
    const line = byId.get(pick.lineId);
    if (seen.has(pick.lineId)) throw invalidInput("VALIDATION_FAILED", `Line ${pick.lineId} is named twice`);
    if (line === undefined) throw await notALineHere(c, opening, pick.lineId);
    seen.add(pick.lineId);
    const now = lineAsSeen({ state: line.state, quantity: line.quantity, amountCents: line.amount_cents }, pick.seen);
    if (now === "settled") throw await alreadySettled(c, line);
    if (now === "changed") throw lineChanged(opening, line.id);
    picked.push(pick.quantity === undefined ? line : await splitOff(c, line, pick.quantity));
  }
  return picked;
}

/** The committed version: the one this change took is rolled back with the refusal. */
function lineChanged(opening: TableOpeningRow, lineId: number): ApiError {
  return conflict("OPENING_CHANGED", `Line ${lineId} of this table changed since you looked at it; check it again`, {
    version: opening.version - 1,
    lineId,
  });
}

/** A line moved from this table to another (a transfer of some lines) has changed; any other is not this table's. */
async function notALineHere(c: MoneyContext, opening: TableOpeningRow, lineId: number): Promise<ApiError> {
  const moved = await c.trx
    .selectFrom("table_opening_lines")
    .innerJoin("table_openings", "table_openings.id", "table_opening_lines.opening_id")
    .select("table_opening_lines.id")
    .where("table_opening_lines.id", "=", lineId)
    .where("table_openings.store_id", "=", opening.store_id)
    .where("table_opening_lines.moved_from_spot_id", "=", opening.spot_id)
    .executeTakeFirst();
  if (moved !== undefined) return lineChanged(opening, lineId);
  return invalidInput("VALIDATION_FAILED", `Line ${lineId} is not a line of this table`);
}

async function alreadySettled(c: MoneyContext, line: TableOpeningLineRow): Promise<ApiError> {
  const by =
    line.by_staff_id === null
      ? undefined
      : await c.trx.selectFrom("staff").select("name").where("id", "=", line.by_staff_id).executeTakeFirst();
  return conflict("LINE_ALREADY_SETTLED", `Line ${line.id} is already ${line.state.toLowerCase()}`, {
    lineId: line.id,
    state: line.state,
    byName: by?.name ?? "",
    at: line.settled_at ?? "",
  });
}

/** k of a line's q pieces become a line of their own (the rest stays); the amounts add up. */
async function splitOff(c: MoneyContext, line: TableOpeningLineRow, quantity: number): Promise<TableOpeningLineRow> {
  if (quantity === line.quantity) return line;
  const split = splitLine(
    { quantity: line.quantity, amountCents: line.amount_cents, perKg: line.grams !== null },
    quantity,
  );
  if ("error" in split) {
    throw invalidInput(
      "INVALID_QUANTITY",
      `Line ${line.id} has ${line.quantity} pieces; ${quantity} cannot be settled apart`,
    );
  }
  await c.trx
    .updateTable("table_opening_lines")
    .set({ quantity: line.quantity - quantity, amount_cents: split.leftCents })
    .where("id", "=", line.id)
    .execute();
  const [part] = await insertLines(
    c.trx,
    line.opening_id,
    [
      {
        ...copyOf(line, line.moved_from_spot_id ?? 0),
        movedFromSpotId: line.moved_from_spot_id,
        quantity,
        amountCents: split.settledCents,
      },
    ],
    c.now,
  );
  if (part === undefined) throw new Error(`splitting line ${line.id} inserted nothing`);
  return part;
}

/** A guest paying from the phone: who, the tip, the card, and whether the amount is towards the table. */
export type GuestPayer = NonNullable<NewPayment["guest"]>;

/**
 * Pays the lines with one settlement; a charge to room moves them, owed, onto the room's opening.
 * Returns the payment's id (null when there were no lines).
 */
export async function payLines(
  c: MoneyContext,
  opening: TableOpeningRow,
  lines: readonly TableOpeningLineRow[],
  payment: Settlement | GuestPayer,
): Promise<number | null> {
  if (lines.length === 0) return null;
  const amountCents = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const paymentId = await recordPayment(c, opening, payment, amountCents);
  await settleEvery(c, lines, { state: "PAID", reason: null, paymentId });
  await moveToRoom(c, opening, lines, payment);
  await keepOnAccountCovered(c, opening);
  return paymentId;
}

/**
 * Settles every open line of the table. What guests paid towards the table counts first, so the
 * payment is for the rest only (none is needed when nothing is left: OPENING_HAS_REMAINING when
 * something is and no payment was given). Returns the new payment's id, if one was made.
 */
export async function payInFull(
  c: MoneyContext,
  opening: TableOpeningRow,
  payment: Settlement | GuestPayer | null,
): Promise<number | null> {
  const open = (await linesOfOpening(c.trx, opening.id)).filter((line) => line.state === "OPEN");
  if (open.length === 0) return null;
  const onAccount = await c.trx
    .selectFrom("table_opening_payments")
    .select(["id", "amount_cents"])
    .where("opening_id", "=", opening.id)
    .where("on_account", "=", toDbBoolean(true))
    .orderBy("id")
    .execute();
  const paidOnAccount = onAccount.reduce((sum, row) => sum + row.amount_cents, 0);
  const owed = owedAfterOnAccount(
    open.reduce((sum, line) => sum + line.amount_cents, 0),
    paidOnAccount,
  );
  if (owed > 0 && payment === null) {
    throw conflict("OPENING_HAS_REMAINING", `This table still owes ${owed} cents: choose how it is paid`, {
      remainingCents: owed,
    });
  }
  if (paidOnAccount > 0 && payment !== null && paidBy(payment).type === "CHARGE_TO_ROOM") {
    throw conflict(
      "ON_ACCOUNT_EXCEEDS_OPEN",
      "Guests already paid part of this table from their phones: settle the rest here instead of charging the room",
      { onAccountCents: paidOnAccount },
    );
  }
  const paymentId =
    owed > 0 && payment !== null ? await recordPayment(c, opening, payment, owed) : (onAccount.at(-1)?.id ?? null);
  await settleEvery(c, open, { state: "PAID", reason: null, paymentId });
  if (payment !== null && paidOnAccount === 0) await moveToRoom(c, opening, open, payment);
  await spendOnAccount(c.trx, opening.id);
  return owed > 0 ? paymentId : null;
}

/** A guest's share or amount: money towards the table, the lines stay open until it is settled in full. */
export async function payOnAccount(
  c: MoneyContext,
  opening: TableOpeningRow,
  amountCents: number,
  guest: GuestPayer,
): Promise<number> {
  const paymentId = await recordPayment(c, opening, { ...guest, onAccount: true }, amountCents);
  await keepOnAccountCovered(c, opening);
  return paymentId;
}

/**
 * A waiter cannot take lines away from under money guests already paid towards the table: what
 * stays open must still be at least that (else a refund would be owed, which is not a move here).
 */
export async function keepOnAccountCovered(c: MoneyContext, opening: TableOpeningRow): Promise<void> {
  const onAccount = await onAccountCentsOf(c.trx, opening.id);
  if (onAccount === 0) return;
  const open = (await linesOfOpening(c.trx, opening.id))
    .filter((line) => line.state === "OPEN")
    .reduce((sum, line) => sum + line.amount_cents, 0);
  if (open < onAccount) {
    throw conflict(
      "ON_ACCOUNT_EXCEEDS_OPEN",
      `Guests paid ${onAccount} cents towards this table; only ${open} would stay open. Settle the table as a whole`,
      { onAccountCents: onAccount },
    );
  }
}

/** A waiter's settlement, or a guest's card from the phone (a card payment with no terminal). */
function paidBy(payment: Settlement | GuestPayer): { type: Settlement["type"] } {
  return "userId" in payment ? { type: "CARD" } : payment;
}

async function recordPayment(
  c: MoneyContext,
  opening: TableOpeningRow,
  payment: Settlement | GuestPayer,
  amountCents: number,
): Promise<number> {
  const guest = "userId" in payment ? payment : undefined;
  const settlement = "userId" in payment ? null : payment;
  if (settlement !== null) await checkSettlement(c, opening, settlement);
  return insertPayment(c.trx, {
    openingId: opening.id,
    storeId: opening.store_id,
    type: guest === undefined ? (settlement as Settlement).type : "CARD",
    amountCents,
    cardTerminalId: settlement?.type === "CARD" ? settlement.cardTerminalId : null,
    creditAccount: settlement?.type === "ON_CREDIT" ? settlement.account.trim() : null,
    roomSpotId: settlement?.type === "CHARGE_TO_ROOM" ? settlement.roomSpotId : null,
    online: guest !== undefined,
    staffId: c.staffId,
    athensDay: c.athensDay,
    now: c.now,
    guest,
  });
}

/** A charge to room: the lines, owed, onto the room's open opening. */
async function moveToRoom(
  c: MoneyContext,
  opening: TableOpeningRow,
  lines: readonly TableOpeningLineRow[],
  payment: Settlement | GuestPayer,
): Promise<void> {
  if ("userId" in payment || payment.type !== "CHARGE_TO_ROOM") return;
  const target = await roomOpeningOf(c, opening, payment.roomSpotId);
  await insertLines(
    c.trx,
    target.id,
    lines.map((line) => copyOf(line, opening.spot_id)),
    c.now,
  );
}

/** Checks a waiter's settlement against the store (its card terminal, an on-credit account). */
async function checkSettlement(c: MoneyContext, opening: TableOpeningRow, payment: Settlement): Promise<void> {
  if (payment.type === "CARD") {
    const store = await c.trx
      .selectFrom("stores")
      .select("floor_plan")
      .where("id", "=", opening.store_id)
      .executeTakeFirst();
    if (!floorPlanOf(store?.floor_plan).cardTerminals.some((t) => t.id === payment.cardTerminalId)) {
      throw notFound("CARD_TERMINAL_NOT_FOUND", `There is no card terminal ${payment.cardTerminalId} in this store`);
    }
  }
  if (payment.type === "ON_CREDIT" && payment.account.trim() === "") {
    throw invalidInput("VALIDATION_FAILED", "Name the account the amount is owed by");
  }
}

/** A charge to room: the room's open opening, taken (a room of this store, not this spot). */
async function roomOpeningOf(c: MoneyContext, opening: TableOpeningRow, roomSpotId: number): Promise<TableOpeningRow> {
  const room = await c.trx
    .selectFrom("spots")
    .select(["id", "type"])
    .where("id", "=", roomSpotId)
    .where("store_id", "=", opening.store_id)
    .executeTakeFirst();
  if (room === undefined || room.type !== "HOTEL_ROOM" || room.id === opening.spot_id) {
    throw notFound("ROOM_NOT_OPEN", `Spot ${roomSpotId} is not a room of this store`);
  }
  const roomOpening = await c.trx
    .updateTable("table_openings")
    .set((eb) => ({ version: eb("version", "+", 1), last_activity_at: c.now }))
    .where("spot_id", "=", room.id)
    .where("status", "=", "OPEN")
    .returningAll()
    .executeTakeFirst();
  if (roomOpening === undefined) throw conflict("ROOM_NOT_OPEN", "This room has no open tab to charge to");
  c.touched.add(roomOpening.id);
  return roomOpening;
}

async function settleEvery(
  c: MoneyContext,
  lines: readonly TableOpeningLineRow[],
  settlement: { state: "PAID" | "TREATED" | "CANCELED"; reason: string | null; paymentId: number | null },
): Promise<void> {
  const changed = await settleLines(
    c.trx,
    lines.map((line) => line.id),
    { ...settlement, staffId: c.staffId, athensDay: c.athensDay, now: c.now },
  );
  // The opening is taken (its row locked), and pickLines found every picked line open: anything else is a bug.
  if (changed !== lines.length) throw new Error(`settled ${changed} of ${lines.length} lines`);
}

export async function treatOrCancel(
  c: ChangeContext,
  opening: TableOpeningRow,
  lines: readonly TableOpeningLineRow[],
  state: "TREATED" | "CANCELED",
  reason: string,
): Promise<void> {
  const store = await c.trx
    .selectFrom("stores")
    .select("floor_plan")
    .where("id", "=", c.staff.storeId)
    .executeTakeFirst();
  if (!mayTreatOrCancel(c.staff.role, floorPlanOf(store?.floor_plan).waitersMayTreatAndCancel)) {
    throw new ApiError(403, "SETTLE_NOT_ALLOWED", "Only an admin can treat or cancel in this store");
  }
  const trimmed = reason.trim();
  if (trimmed === "") throw invalidInput("VALIDATION_FAILED", "Say why (the reason is required)");
  await settleEvery(c, lines, { state, reason: trimmed, paymentId: null });
  await keepOnAccountCovered(c, opening);
  // A dish canceled after the order was sent is struck off the ticket of the station making it.
  if (state === "CANCELED") {
    const ordered = lines.flatMap((line) =>
      line.kind === "ITEM" && line.order_id !== null
        ? [
            {
              orderId: line.order_id,
              names: fromJsonText<Translations>(line.names),
              options: fromJsonText<Translations[]>(line.options),
              comment: line.comment,
              quantity: line.quantity,
            },
          ]
        : [],
    );
    await cancelOnTickets(c.trx, ordered, c.now);
  }
}

/**
 * Closes an opening: the minimum-consumption line first when the venue charges it, then the rest
 * paid by the settlement given (a remainder without one: OPENING_HAS_REMAINING).
 */
export async function closeOpening(
  c: ChangeContext,
  opening: TableOpeningRow,
  payment: Settlement | null,
): Promise<void> {
  const lines = await linesOfOpening(c.trx, opening.id);
  const spot = await c.trx
    .selectFrom("spots")
    .select("minimum_consumption")
    .where("id", "=", opening.spot_id)
    .executeTakeFirst();
  const minimum = spot?.minimum_consumption == null ? null : fromJsonText<MinimumConsumption>(spot.minimum_consumption);
  const amounts = lines.map((l) => ({ state: l.state, kind: l.kind, amountCents: l.amount_cents }));
  const missing = minimumLineAtClose(minimum, amounts);
  if (missing !== null) await insertLines(c.trx, opening.id, [minimumLine(missing)], c.now);
  await payInFull(c, opening, payment);
  await c.trx
    .updateTable("table_openings")
    .set({ status: "CLOSED", closed_at: c.now, closed_by_staff_id: c.staff.staffId, closed_athens_day: c.athensDay })
    .where("id", "=", opening.id)
    .execute();
}

function minimumLine(cents: number): NewLine {
  return {
    kind: "MINIMUM_CONSUMPTION",
    orderId: null,
    names: { GRE: { name: "Ελάχιστη κατανάλωση" }, ENG: { name: "Minimum consumption" } },
    options: [],
    comment: "",
    quantity: 1,
    grams: null,
    amountCents: cents,
    movedFromSpotId: null,
  };
}

/**
 * Moves a whole opening, or some of its open lines, to another spot of the store. A whole opening
 * onto a free spot just changes spot; onto a spot with an open opening it merges into it (lines and
 * payments move, this one becomes MERGED). Returns the opening the lines are now on.
 */
export async function transfer(
  c: ChangeContext,
  opening: TableOpeningRow,
  targetSpotId: number,
  picks: readonly LinePick[] | null,
): Promise<number> {
  const target = await c.trx
    .selectFrom("spots")
    .select(["id", "type"])
    .where("id", "=", targetSpotId)
    .where("store_id", "=", opening.store_id)
    .executeTakeFirst();
  if (target === undefined || target.id === opening.spot_id || !spotOpensTables(target.type)) {
    throw invalidInput("TRANSFER_TARGET_INVALID", `Spot ${targetSpotId} cannot take this table's lines`);
  }
  const targetOpen = await c.trx
    .selectFrom("table_openings")
    .select("id")
    .where("spot_id", "=", target.id)
    .where("status", "=", "OPEN")
    .executeTakeFirst();

  if (picks === null && targetOpen === undefined) {
    await c.trx.updateTable("table_openings").set({ spot_id: target.id }).where("id", "=", opening.id).execute();
    return opening.id;
  }
  const into = await openOpeningOf(c.trx, {
    storeId: opening.store_id,
    spotId: target.id,
    departmentServiceId: opening.department_service_id,
    waiterStaffId: opening.waiter_staff_id ?? c.staff.staffId,
    now: c.now,
  });
  c.touched.add(into.id);
  if (picks === null) {
    await c.trx
      .updateTable("table_opening_lines")
      .set((eb) => ({
        opening_id: into.id,
        moved_from_spot_id: eb.fn.coalesce("moved_from_spot_id", eb.val(opening.spot_id)),
      }))
      .where("opening_id", "=", opening.id)
      .execute();
    await c.trx
      .updateTable("table_opening_payments")
      .set({ opening_id: into.id })
      .where("opening_id", "=", opening.id)
      .execute();
    await c.trx
      .updateTable("table_openings")
      .set({
        status: "MERGED",
        merged_into_opening_id: into.id,
        closed_at: c.now,
        closed_by_staff_id: c.staff.staffId,
        closed_athens_day: c.athensDay,
      })
      .where("id", "=", opening.id)
      .execute();
    return into.id;
  }
  const lines = await pickLines(c, opening, picks);
  await c.trx
    .updateTable("table_opening_lines")
    .set({ opening_id: into.id, moved_from_spot_id: opening.spot_id })
    .where(
      "id",
      "in",
      lines.map((line) => line.id),
    )
    .where("state", "=", "OPEN")
    .execute();
  await keepOnAccountCovered(c, opening);
  return into.id;
}

/** Reopens a closed opening: admins, on the day it was closed, while its spot has no newer one. */
export async function reopen(c: ChangeContext, openingId: number, version: number): Promise<void> {
  const opening = await c.trx
    .selectFrom("table_openings")
    .selectAll()
    .where("id", "=", openingId)
    .where("store_id", "=", c.staff.storeId)
    .executeTakeFirst();
  if (opening === undefined)
    throw notFound("OPENING_NOT_FOUND", `There is no table opening ${openingId} in this store`);
  if (opening.status !== "CLOSED") throw await whyNotTaken(c, openingId, true);
  if (!mayReopen(c.staff.role, opening.closed_athens_day ?? "", c.athensDay)) {
    throw new ApiError(403, "REOPEN_NOT_ALLOWED", "Only an admin can reopen a table, on the day it was closed");
  }
  const newer = await c.trx
    .selectFrom("table_openings")
    .select("id")
    .where("spot_id", "=", opening.spot_id)
    .where("status", "=", "OPEN")
    .executeTakeFirst();
  if (newer !== undefined) {
    throw conflict("SPOT_HAS_OPEN_OPENING", "This spot has a new open table; settle or transfer it first", {
      openingId: newer.id,
    });
  }
  const reopened = await c.trx
    .updateTable("table_openings")
    .set((eb) => ({
      status: "OPEN",
      version: eb("version", "+", 1),
      closed_at: null,
      closed_by_staff_id: null,
      closed_athens_day: null,
      last_activity_at: c.now,
    }))
    .where("id", "=", openingId)
    .where("status", "=", "CLOSED")
    .where("version", "=", version)
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) !== 1) throw await whyNotTaken(c, openingId, true);
  c.touched.add(openingId);
}
