/**
 * Receipts of a table opening: a TEMPORARY one (what is owed now) any
 * time, a FINAL one once the opening is closed. Numbered per store per Athens day from 1, one
 * sequence for both kinds, taken under the counter row's lock in the receipt's transaction (a
 * waiter prints a few an hour: no gaps, and nothing waits long on the lock). The
 * receipt keeps a snapshot of what it printed, so a reprint is the same paper whatever happened
 * to the table since. It is a document in the language it was issued in: the spot's name is frozen
 * in that language (and the app prints its labels in it too, whatever the reprinting screen speaks).
 *
 * A closing has one FINAL receipt: asking again (another waiter, a retry with a new key, twenty
 * taps at once) answers that receipt, to print again, and takes no number. The opening's row is
 * locked first (PostgreSQL; SQLite runs one transaction at a time), so concurrent requests see the
 * first one's receipt; a unique index (migration 021) holds the rule whatever the code.
 */
import { type Kysely, PostgresAdapter } from "kysely";
import { pickTranslation, type Translations } from "../../domain/languages";
import type { ReceiptKind } from "../../domain/table-openings";
import type { OpeningLineDto, OpeningPaymentDto, ReceiptDto } from "../../domain/table-openings-api";
import { fromJsonText, toJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import { conflict, notFound } from "../http/api-error";
import { loadOpeningDetail } from "./opening-presenter";
import type { ChangeContext } from "./settle";

async function nextReceiptNumber(trx: Kysely<Database>, storeId: number, athensDay: string): Promise<number> {
  const row = await trx
    .insertInto("receipt_daily_counters")
    .values({ store_id: storeId, athens_day: athensDay, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(["store_id", "athens_day"])
        .doUpdateSet((eb) => ({ last_number: eb("receipt_daily_counters.last_number", "+", 1) })),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** Makes FINAL receipts of one opening wait for each other until `trx` ends (PostgreSQL row lock). */
async function lockOpening(trx: Kysely<Database>, storeId: number, openingId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx
    .selectFrom("table_openings")
    .select("id")
    .where("id", "=", openingId)
    .where("store_id", "=", storeId)
    .forUpdate()
    .execute();
}

/** The FINAL receipt already issued for this closing of the opening, if any. */
async function finalOfClosing(
  trx: Kysely<Database>,
  openingId: number,
  closingVersion: number,
): Promise<ReceiptDto | undefined> {
  const row = await trx
    .selectFrom("receipts")
    .select("id")
    .where("opening_id", "=", openingId)
    .where("closing_version", "=", closingVersion)
    .executeTakeFirst();
  return row === undefined ? undefined : loadReceiptRow(trx, row.id);
}

/** A new receipt (201), or for a closing that has its FINAL already, that receipt again (200). */
export async function issueReceipt(
  c: ChangeContext,
  openingId: number,
  kind: ReceiptKind,
  language: "GRE" | "ENG",
): Promise<{ status: 200 | 201; receipt: ReceiptDto }> {
  if (kind === "FINAL") await lockOpening(c.trx, c.staff.storeId, openingId);
  const opening = await loadOpeningDetail(c.trx, c.staff.storeId, openingId);
  if (opening === undefined)
    throw notFound("OPENING_NOT_FOUND", `There is no table opening ${openingId} in this store`);
  if (kind === "FINAL" && opening.status !== "CLOSED") {
    throw conflict("OPENING_HAS_REMAINING", "A final receipt is printed once the table is closed", {
      remainingCents: opening.amounts.remainingCents,
    });
  }
  const closingVersion = kind === "FINAL" ? opening.version : null;
  if (closingVersion !== null) {
    const issued = await finalOfClosing(c.trx, openingId, closingVersion);
    if (issued !== undefined) return { status: 200, receipt: issued };
  }
  const store = await c.trx
    .selectFrom("stores")
    .select("names")
    .where("id", "=", c.staff.storeId)
    .executeTakeFirstOrThrow();
  const number = await nextReceiptNumber(c.trx, c.staff.storeId, c.athensDay);
  const snapshot: Omit<ReceiptDto, "id"> = {
    storeId: c.staff.storeId,
    storeNames: fromJsonText<Translations>(store.names),
    openingId,
    kind,
    number,
    athensDay: c.athensDay,
    language,
    spotName: pickTranslation(opening.spot.names, language).name,
    section: opening.spot.section,
    waiterName: opening.waiterName,
    lines: opening.lines,
    payments: opening.payments,
    amounts: opening.amounts,
    minimumConsumption: opening.minimumConsumption,
    openedAt: opening.openedAt,
    closedAt: opening.closedAt,
    createdAt: c.now,
    byName: c.staff.name,
  };
  const row = await c.trx
    .insertInto("receipts")
    .values({
      store_id: c.staff.storeId,
      opening_id: openingId,
      kind,
      athens_day: c.athensDay,
      number,
      language,
      snapshot: toJsonText(snapshot),
      staff_id: c.staff.staffId,
      created_at: c.now,
      closing_version: closingVersion,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { status: 201, receipt: { id: row.id, ...snapshot } };
}

export async function loadReceipt(
  db: Kysely<Database>,
  storeId: number,
  receiptId: number,
): Promise<ReceiptDto | undefined> {
  const row = await db
    .selectFrom("receipts")
    .select(["id", "snapshot"])
    .where("id", "=", receiptId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  return row === undefined ? undefined : { ...snapshotOf(fromJsonText<StoredSnapshot>(row.snapshot)), id: row.id };
}

async function loadReceiptRow(db: Kysely<Database>, receiptId: number): Promise<ReceiptDto> {
  const row = await db
    .selectFrom("receipts")
    .select(["id", "snapshot"])
    .where("id", "=", receiptId)
    .executeTakeFirstOrThrow();
  return { ...snapshotOf(fromJsonText<StoredSnapshot>(row.snapshot)), id: row.id };
}

/**
 * A snapshot as stored. Receipts issued before spots carried their names per language kept one name
 * (the venue file's `name`) for a moved line's origin and for a charged room: a reprint shows that
 * name in every language, as it was printed.
 */
interface StoredSnapshot extends Omit<ReceiptDto, "id" | "lines" | "payments"> {
  lines: Array<
    Omit<OpeningLineDto, "movedFromSpotNames"> & {
      movedFromSpotNames?: Translations | null;
      movedFromSpotName?: string | null;
    }
  >;
  payments: Array<Omit<OpeningPaymentDto, "roomNames"> & { roomNames?: Translations | null; roomName?: string | null }>;
}

function snapshotOf({ lines, payments, ...rest }: StoredSnapshot): Omit<ReceiptDto, "id"> {
  const inEveryLanguage = (name: string | null | undefined): Translations | null =>
    name === null || name === undefined ? null : { GRE: { name }, ENG: { name } };
  return {
    ...rest,
    lines: lines.map(({ movedFromSpotName, movedFromSpotNames, ...line }) => ({
      ...line,
      movedFromSpotNames: movedFromSpotNames ?? inEveryLanguage(movedFromSpotName),
    })),
    payments: payments.map(({ roomName, roomNames, ...payment }) => ({
      ...payment,
      roomNames: roomNames ?? inEveryLanguage(roomName),
    })),
  };
}
