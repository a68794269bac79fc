/**
 * Where a guest's personal data can be found outside the users row, for account deletion and for
 * a change of phone or e-mail (../../auth/personal-data.ts says what goes when, and why).
 * Identifiers are exact: an E.164 phone or a lower-cased e-mail address.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import { blankCommentsOfOrders } from "../../orders/stored-answer-comments";
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

/** Orders named in one LIKE prefilter of the staff's stored answers. */
const ORDERS_PER_SCAN = 50;

/**
 * Other accounts' stored answers (a waiter's receipt, opening or ticket) repeat the comments the
 * person typed on their lines: those are blanked there (orders/stored-answer-comments.ts),
 * the rest of each answer stays, so the waiter's replay still answers the same write.
 */
export async function blankCommentsInStaffAnswers(db: Kysely<Database>, userId: number): Promise<void> {
  const orderIds = (await db.selectFrom("orders").select("id").where("user_id", "=", userId).execute()).map(
    (row) => row.id,
  );
  const wanted = new Set(orderIds);
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_SCAN) {
    const chunk = orderIds.slice(start, start + ORDERS_PER_SCAN);
    const rows = await db
      .selectFrom("order_requests")
      .select(["user_id", "idempotency_key", "response_body"])
      .where("user_id", "!=", userId)
      .where("response_body", "is not", null)
      .where((eb) => eb.or(chunk.map((id) => eb("response_body", "like", `%"orderId":${id}%`))))
      .execute();
    for (const row of rows) {
      const blanked = blankCommentsOfOrders(String(row.response_body), wanted);
      if (blanked === null) continue;
      await db
        .updateTable("order_requests")
        .set({ response_body: blanked })
        .where("user_id", "=", row.user_id)
        .where("idempotency_key", "=", row.idempotency_key)
        .execute();
    }
  }
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
