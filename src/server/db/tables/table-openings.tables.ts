/**
 * Table openings (migration 004): what a spot owes from its first accepted order until closed, its
 * lines, payments and receipts. Money is integer cents; instants ISO 8601 UTC text; athens_day
 * "YYYY-MM-DD" in Athens. Staff ids are the venue file's staff ids (names come from `staff`).
 */
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { Translations } from "../../../domain/languages";
import type {
  OpeningLineKind,
  OpeningLineState,
  OpeningStatus,
  ReceiptKind,
  SettlementType,
} from "../../../domain/table-openings";
import type { ReceiptDto } from "../../../domain/table-openings-api";
import type { IsoInstant, JsonText } from "../columns";

export interface TableOpeningsTable {
  id: Generated<number>;
  store_id: number;
  spot_id: number;
  status: OpeningStatus;
  version: number;
  /** The service of the first order (spec §3 "department"). */
  department_service_id: number;
  waiter_staff_id: number | null;
  opened_at: IsoInstant;
  last_activity_at: IsoInstant;
  closed_at: IsoInstant | null;
  closed_by_staff_id: number | null;
  closed_athens_day: string | null;
  merged_into_opening_id: number | null;
  /** An equal split of the bill in progress (domain/bill.ts): into how many parts, how many paid. */
  split_parts: ColumnType<number | null, number | null | undefined, number | null>;
  split_paid_parts: ColumnType<number, number | undefined, number>;
}

export interface TableOpeningLinesTable {
  id: Generated<number>;
  opening_id: number;
  kind: OpeningLineKind;
  order_id: number | null;
  names: JsonText<Translations>;
  /** The chosen options' names. */
  options: JsonText<Translations[]>;
  comment: string;
  quantity: number;
  grams: number | null;
  amount_cents: number;
  state: OpeningLineState;
  reason: string | null;
  by_staff_id: number | null;
  settled_at: IsoInstant | null;
  /** The Athens day it was paid, treated or canceled (the day summary's). */
  athens_day: string | null;
  payment_id: number | null;
  moved_from_spot_id: number | null;
  created_at: IsoInstant;
}

export interface TableOpeningPaymentsTable {
  id: Generated<number>;
  opening_id: number;
  store_id: number;
  type: SettlementType;
  amount_cents: number;
  card_terminal_id: number | null;
  credit_account: string | null;
  room_spot_id: number | null;
  /** A guest's card order, paid online when accepted. */
  online: ColumnType<boolean | number, number | undefined, number>;
  staff_id: number | null;
  athens_day: string;
  created_at: IsoInstant;
  /** A guest's tip on top of the amount (from the phone). */
  tip_cents: ColumnType<number, number | undefined, number>;
  /** The guest who paid from the bill on the phone, and the card's brand and last four digits. */
  guest_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  card_brand: ColumnType<string | null, string | null | undefined, string | null>;
  card_last_four: ColumnType<string | null, string | null | undefined, string | null>;
  /** Paid towards the table, not towards lines, and not yet used up by the table's settling in full. */
  on_account: ColumnType<boolean | number, number | undefined, number>;
}

export interface ReceiptDailyCountersTable {
  store_id: number;
  athens_day: string;
  last_number: number;
}

export interface ReceiptsTable {
  id: Generated<number>;
  store_id: number;
  opening_id: number;
  kind: ReceiptKind;
  athens_day: string;
  number: number;
  language: "GRE" | "ENG";
  /** The receipt as printed (lines, payments, amounts), so a reprint is the same paper. */
  snapshot: JsonText<ReceiptDto>;
  staff_id: number | null;
  created_at: IsoInstant;
  /** FINAL receipts: the opening's version when it was closed, one FINAL per closing (migration 021); null on TEMPORARY ones. */
  closing_version: number | null;
}

export type TableOpeningRow = Selectable<TableOpeningsTable>;
export type NewTableOpeningRow = Insertable<TableOpeningsTable>;
export type TableOpeningLineRow = Selectable<TableOpeningLinesTable>;
export type NewTableOpeningLineRow = Insertable<TableOpeningLinesTable>;
export type TableOpeningPaymentRow = Selectable<TableOpeningPaymentsTable>;
export type ReceiptRow = Selectable<ReceiptsTable>;
