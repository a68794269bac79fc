/**
 * Where a guest's personal data can be found outside the users row, for account deletion and for
 * a change of phone or e-mail (../../auth/personal-data.ts says what goes when, and why).
 * Identifiers are exact: an E.164 phone or a lower-cased e-mail address.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../schema";

/** `column` contains `needle`, case-insensitively, with LIKE's wildcards taken literally. */
function contains(column: "outbox.body" | "outbox.subject", needle: string): Expression<SqlBool> {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Messages sent to any of these phones or addresses, or naming one of them in their subject or
 * body (a contact-form e-mail to the venue carries the sender's address).
 */
export async function deleteMessagesAbout(db: Kysely<Database>, identifiers: readonly string[]): Promise<void> {
  if (identifiers.length === 0) return;
  await db
    .deleteFrom("outbox")
    .where((eb) =>
      eb.or([
        eb("recipient", "in", identifiers),
        ...identifiers.flatMap((id) => [contains("outbox.body", id), contains("outbox.subject", id)]),
      ]),
    )
    .execute();
}

/** One-time codes sent to any of these phones or addresses, whoever asked. */
export async function deleteCodesSentTo(db: Kysely<Database>, targets: readonly string[]): Promise<void> {
  if (targets.length === 0) return;
  await db.deleteFrom("verification_codes").where("target", "in", targets).execute();
}

/** The venue's memberships of a number follow its holder to the new number. */
export async function moveMemberships(db: Kysely<Database>, fromPhone: string, toPhone: string): Promise<void> {
  await db.updateTable("memberships").set({ phone: toPhone }).where("phone", "=", fromPhone).execute();
}

export async function deleteMembershipsOf(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom("memberships").where("phone", "=", phone).execute();
}

/**
 * Placement's stored answers (they hold the order as answered: delivery address, doorbell name).
 * A deleted account can never replay them: its tokens are dead.
 */
export async function deleteOrderRequestsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("order_requests").where("user_id", "=", userId).execute();
}

/** The orders stay for the venue's books; what the guest wrote or where they were goes. */
export async function anonymiseOrdersOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable("orders").set({ delivery_info: null, comment: "" }).where("user_id", "=", userId).execute();
}

/** Ratings stay in the store's totals; the words, the author's own, go. */
export async function blankReviewsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable("reviews").set({ comment: "" }).where("user_id", "=", userId).execute();
}

/** Sessions and their token hashes (every token of the account is refused already). */
export async function deleteSessionsOf(db: Kysely<Database>, userId: number): Promise<void> {
  const sessions = db.selectFrom("sessions").select("id").where("user_id", "=", userId);
  await db.deleteFrom("session_tokens").where("session_id", "in", sessions).execute();
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
