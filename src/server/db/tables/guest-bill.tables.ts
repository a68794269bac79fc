/**
 * Guests paying their table's bill (migration 014): card payment attempts, the sandbox provider's
 * authorizations, and guests' calls to the waiter. Money is integer cents; instants ISO 8601 UTC text.
 */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { WaiterCallKind } from "../../../domain/bill";
import type { IsoInstant } from "../columns";

/**
 * AUTHORIZING: written before the card is authorized; DECLINED: the card said no; CAPTURING: the
 * payment won the table and its capture job is written; CAPTURED: done. VOIDING: the payment lost
 * the table (or its process died before it could tell), its void job is written; VOIDED: done.
 */
export type BillPaymentAttemptState = "AUTHORIZING" | "DECLINED" | "CAPTURING" | "CAPTURED" | "VOIDING" | "VOIDED";

export interface BillPaymentAttemptsTable {
  id: Generated<number>;
  store_id: number;
  spot_id: number;
  opening_id: number;
  user_id: number;
  amount_cents: number;
  tip_cents: number;
  card_token: string;
  provider_reference: string | null;
  state: BillPaymentAttemptState;
  payment_id: number | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface SandboxAuthorizationsTable {
  reference: string;
  idempotency_key: string;
  card_token: string;
  amount_cents: number;
  state: "AUTHORIZED" | "CAPTURED" | "VOIDED";
  created_at: IsoInstant;
  settled_at: IsoInstant | null;
}

export interface WaiterCallsTable {
  id: Generated<number>;
  store_id: number;
  spot_id: number;
  user_id: number;
  kind: WaiterCallKind;
  amount_cents: number | null;
  tip_cents: number | null;
  created_at: IsoInstant;
  answered_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  answered_by_staff_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type BillPaymentAttemptRow = Selectable<BillPaymentAttemptsTable>;
export type WaiterCallRow = Selectable<WaiterCallsTable>;
