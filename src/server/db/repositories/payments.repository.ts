/** Card payments of orders (one per order) and the sandbox provider's tokenized test cards. */
import type { Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import type { Database } from "../schema";
import type { PaymentRow, PaymentsTable, SandboxCardsTable } from "../tables/orders.tables";

export async function insertPayment(db: Kysely<Database>, payment: Omit<PaymentsTable, "id">): Promise<void> {
  await db.insertInto("payments").values(payment).execute();
}

export async function findPaymentOfOrder(db: Kysely<Database>, orderId: number): Promise<PaymentRow | undefined> {
  return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

export async function findPaymentsOfOrders(db: Kysely<Database>, orderIds: readonly number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom("payments").selectAll().where("order_id", "in", orderIds).execute();
}

/** Moves an AUTHORIZED payment on; false when it was not AUTHORIZED any more (already settled). */
export async function settlePayment(
  db: Kysely<Database>,
  paymentId: number,
  state: "CAPTURED" | "VOIDED",
  now: IsoInstant,
): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({ state, updated_at: now })
    .where("id", "=", paymentId)
    .where("state", "=", "AUTHORIZED")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertSandboxCard(db: Kysely<Database>, card: SandboxCardsTable): Promise<void> {
  await db.insertInto("sandbox_cards").values(card).execute();
}

export async function findSandboxCard(db: Kysely<Database>, token: string): Promise<SandboxCardsTable | undefined> {
  return db.selectFrom("sandbox_cards").selectAll().where("token", "=", token).executeTakeFirst();
}
