/**
 * The order's outcome by e-mail, to the address the guest typed at checkout (spec §1 "the outcome
 * arrives by SMS or e-mail"; orders.notify_email, migration 018).
 *
 * - Sent by the outcome-email job, written with the decision in its transaction (jobs/order-jobs.ts),
 *   as the SMS is: the staff's answer never waits on the mail provider, a failure is retried, the
 *   outbox keeps one message per job.
 * - The job carries no address: it reads the order when it runs, so an address forgotten meanwhile
 *   (account deleted) is never mailed.
 * - Accepted, rejected and timed out, in the order's language (Greek or English), with the same
 *   words as the SMS, and a link that turns the guest's newsletter off without signing in.
 */
import type { Kysely } from "kysely";
import type { OrderStatus } from "../../domain/orders-api";
import { newsletterOptOutLink } from "../auth/newsletter-links";
import { fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { OutgoingMessage } from "../notify/messenger";
import type { OrdersContext } from "./context";
import { isOutcomeStatus, outcomeTexts } from "./outcome-messages";

export interface OutcomeEmailPayload {
  status: OrderStatus;
  reason: string | null;
}

const OPT_OUT_LINE = {
  GRE: "Δεν θέλετε πια το ενημερωτικό μας δελτίο; Διακοπή:",
  ENG: "No longer want our newsletter? Unsubscribe:",
} as const;

/** The message to send now, or null when there is no address any more. */
export async function outcomeEmailOf(
  ctx: Pick<OrdersContext, "db" | "keyRing" | "now" | "publicUrl">,
  orderId: number,
  { status, reason }: OutcomeEmailPayload,
): Promise<Extract<OutgoingMessage, { channel: "email" }> | null> {
  const row = await ctx.db
    .selectFrom("orders")
    .innerJoin("stores", "stores.id", "orders.store_id")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([
      "orders.store_id",
      "orders.daily_number",
      "orders.language",
      "orders.notify_email",
      "orders.user_id",
      "users.kind",
      "users.deleted_at",
      "stores.names as store_names",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!isOutcomeStatus(status)) return null;
  if (row === undefined || row.notify_email === null || row.deleted_at !== null) return null;
  const names = fromJsonText<{ GRE: { name: string }; ENG: { name: string } }>(row.store_names);
  const texts = outcomeTexts(row.language, status, names, row.daily_number, reason);
  const lines = [texts.text];
  if (row.kind === "guest") {
    const keys = await ctx.keyRing.keys();
    const link = await newsletterOptOutLink(keys.newsletterLinks, linkBase(ctx), row.user_id, ctx.now());
    lines.push("", "--", `${OPT_OUT_LINE[texts.language]} ${link}`);
  }
  return {
    channel: "email",
    to: row.notify_email,
    subject: texts.subject,
    text: lines.join("\n"),
    storeId: row.store_id,
  };
}

/** PUBLIC_URL, or this machine when it is not set (a demo read on the machine it runs on). */
function linkBase(ctx: Pick<OrdersContext, "publicUrl">): string {
  return ctx.publicUrl ?? "http://localhost:3000";
}

/**
 * An account deleted: the addresses its orders' outcomes were to be e-mailed to go, with the
 * outcome-email jobs and the messages they stored in the outbox.
 */
export async function forgetOutcomeEmailsOf(trx: Kysely<Database>, userId: number): Promise<void> {
  const orders = trx.selectFrom("orders").select("id").where("user_id", "=", userId);
  const jobs = trx.selectFrom("jobs").select("id").where("kind", "=", "outcome-email").where("order_id", "in", orders);
  await trx.deleteFrom("outbox").where("job_id", "in", jobs).execute();
  // The jobs go too: a failed send's last error can quote the address.
  await trx
    .deleteFrom("jobs")
    .where("kind", "=", "outcome-email")
    .where("order_id", "in", trx.selectFrom("orders").select("id").where("user_id", "=", userId))
    .execute();
  await trx.updateTable("orders").set({ notify_email: null }).where("user_id", "=", userId).execute();
}
