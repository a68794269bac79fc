/**
 * Migration 014: guests pay their table's bill from the phone.
 * - table_opening_payments: the guest's tip, the guest (account) and card of a phone payment, and
 *   whether it was paid towards the table rather than towards lines (on account).
 * - table_openings.split_parts / split_paid_parts: an equal split of the bill in progress.
 * - bill_payment_attempts: one per card payment a guest starts, written before the card is
 *   authorized, so a process killed between the authorization and the payment's commit leaves a
 *   row the recovery job finds and voids (the card is never charged without a payment).
 * - sandbox_authorizations: what the built-in sandbox provider authorized, captured or voided
 *   (a real provider keeps this on its side), keyed by the caller's idempotency key.
 * - waiter_calls: a guest asking the waiter to come, or to pay in cash or on the card terminal.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import { sql } from "kysely";
import type { DialectName } from "../schema";

type ColumnSpec = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: ColumnSpec = (c) => c.notNull();

/** Frozen copies of the states and kinds as they were when this migration was written. */
const ATTEMPT_STATES = ["AUTHORIZING", "DECLINED", "CAPTURING", "CAPTURED", "VOIDING", "VOIDED"] as const;
const AUTHORIZATION_STATES = ["AUTHORIZED", "CAPTURED", "VOIDED"] as const;
const CALL_KINDS = ["PAY_CASH", "PAY_CARD_TERMINAL", "CALL"] as const;

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

export function guestBillSchema(dialect: DialectName): Migration {
  const generatedId: ColumnSpec =
    dialect === "postgres"
      ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
      : (c) => c.primaryKey().autoIncrement();
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("table_opening_payments")
        .addColumn("tip_cents", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("table_opening_payments").addColumn("guest_user_id", "integer").execute();
      await db.schema.alterTable("table_opening_payments").addColumn("card_brand", "text").execute();
      await db.schema.alterTable("table_opening_payments").addColumn("card_last_four", "text").execute();
      await db.schema
        .alterTable("table_opening_payments")
        .addColumn("on_account", "boolean", (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable("table_openings").addColumn("split_parts", "integer").execute();
      await db.schema
        .alterTable("table_openings")
        .addColumn("split_paid_parts", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("bill_payment_attempts")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("spot_id", "integer", notNull)
        .addColumn("opening_id", "integer", notNull)
        .addColumn("user_id", "integer", notNull)
        .addColumn("amount_cents", "integer", notNull)
        .addColumn("tip_cents", "integer", notNull)
        .addColumn("card_token", "text", notNull)
        .addColumn("provider_reference", "text")
        .addColumn("state", "text", (c) => c.notNull().check(oneOf("state", ATTEMPT_STATES)))
        .addColumn("payment_id", "integer")
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();
      await db.schema
        .createIndex("bill_payment_attempts_state")
        .on("bill_payment_attempts")
        .columns(["state", "created_at"])
        .execute();

      await db.schema
        .createTable("sandbox_authorizations")
        .addColumn("reference", "text", (c) => c.primaryKey())
        .addColumn("idempotency_key", "text", notNull)
        .addColumn("card_token", "text", notNull)
        .addColumn("amount_cents", "integer", notNull)
        .addColumn("state", "text", (c) => c.notNull().check(oneOf("state", AUTHORIZATION_STATES)))
        .addColumn("created_at", "text", notNull)
        .addColumn("settled_at", "text")
        .execute();
      // One authorization per key and request, as a provider keys them: a repeat (the recovery
      // asking again while the first call is still under way) finds the same one.
      await db.schema
        .createIndex("sandbox_authorizations_key")
        .on("sandbox_authorizations")
        .columns(["idempotency_key", "card_token", "amount_cents"])
        .unique()
        .execute();

      await db.schema
        .createTable("waiter_calls")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("spot_id", "integer", notNull)
        .addColumn("user_id", "integer", notNull)
        .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", CALL_KINDS)))
        .addColumn("amount_cents", "integer")
        .addColumn("tip_cents", "integer")
        .addColumn("created_at", "text", notNull)
        .addColumn("answered_at", "text")
        .addColumn("answered_by_staff_id", "integer")
        .execute();
      await db.schema
        .createIndex("waiter_calls_store_open")
        .on("waiter_calls")
        .columns(["store_id", "answered_at", "id"])
        .execute();
    },
  };
}
