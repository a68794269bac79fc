/**
 * The order status lifecycle after placement (spec §4 statuses, §8 errors):
 * staff accept or reject a pending order, and a waiting order whose acceptance time ran out times
 * out. The allowed changes are the pure table of src/domain/order-status.ts.
 *
 * Exactly one change wins: each change is a conditional UPDATE (`where id = ? and status in
 * (pending)`). On PostgreSQL a second UPDATE of the same row waits for the first to commit, then
 * finds the status no longer pending and changes nothing; on SQLite transactions run one at a time.
 * So a concurrent accept and reject, or accept and timeout, from one process or several, cannot
 * both succeed; the loser re-reads the order and answers the error its new status calls for.
 *
 * Answers (HTTP status, code):
 *   404 ORDER_NOT_FOUND                     no such order in the staff member's store (another
 *                                           store's order looks missing, it is not theirs to see)
 *   409 INVALID_STATUS_FOR_ORDER_EXECUTION  accept a REJECTED or TIMED_OUT order
 *   409 ORDER_NOT_PENDING_STATUS            accept an ACCEPTED order, reject a REJECTED one
 *   409 ORDER_CANNOT_BE_REJECTED            reject an ACCEPTED or TIMED_OUT order
 *   409 INVALID_STATUS_FOR_ORDER            any change of a PAYMENT_FAILED order
 * 409 because each is a conflict with the order's current state, not a malformed request.
 *
 * A waiting order past its acceptance deadline that staff try to accept or reject is timed out first
 * (and that is committed and announced), then the action is refused as for a TIMED_OUT order: the
 * deadline is what the guest was promised, and the sweeper may simply not have run yet.
 *
 * The follow-up work is written as job rows in the change's own transaction
 * (src/server/jobs/order-jobs.ts): the OrderStatusEvent, the card payment's capture (accepted) or
 * void (rejected, timed out), and the outcome message. They run after the commit, never inside the
 * transaction (an outside call must not hold the database, and an event must not announce a change
 * that could still roll back), by the job worker, which is nudged after the commit and retries
 * with backoff; a kill -9 after the commit loses none of them. The staff's answer waits for none.
 */
import type { Transaction } from "kysely";
import type { ErrorBodyDto } from "../../domain/api";
import { hasTimedOut, STATUS_CHANGE_MESSAGES, type StaffAction, staffDecision } from "../../domain/order-status";
import { type OrderStatusEvent, PENDING_ORDER_STATUSES } from "../../domain/orders-api";
import type { Database } from "../db/schema";
import type { OrderRow } from "../db/tables/orders.tables";
import { ApiError, notFound } from "../http/api-error";
import { enqueueStatusChangeJobs } from "../jobs/order-jobs";
import { sendToStations } from "../kitchen/send-to-stations";
import { attachAcceptedOrder } from "../openings/attach-order";
import type { OrdersContext } from "./context";
import { runOnce, type StoredAnswer } from "./idempotency";
import { orderStatusEventOf } from "./order-presenter";
import { requestHash } from "./request-hash";

/** A signed-in staff member, reduced to what a status change needs. */
export interface StaffOfStore {
  userId: number;
  storeId: number;
  /** The venue file's staff id: the waiter of a table opening this accept starts. */
  staffId?: number;
}

export async function accept(ctx: OrdersContext, staff: StaffOfStore, orderId: number): Promise<OrderStatusEvent> {
  return decide(ctx, staff, orderId, "ACCEPT", null);
}

export async function reject(
  ctx: OrdersContext,
  staff: StaffOfStore,
  orderId: number,
  reason?: string,
): Promise<OrderStatusEvent> {
  const trimmed = reason?.trim() ?? "";
  return decide(ctx, staff, orderId, "REJECT", trimmed === "" ? null : trimmed);
}

/**
 * Times out every waiting order past its deadline, writes each one's jobs (event, void, message) in
 * the same transaction, and returns their events. One UPDATE: with several processes on PostgreSQL
 * each row is taken by exactly one of them. Orders under review (delayed-response services) have
 * no deadline and never time out.
 */
export async function timeOutExpired(ctx: OrdersContext): Promise<OrderStatusEvent[]> {
  const now = ctx.now().toISOString();
  const expired = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable("orders")
      .set({ status: "TIMED_OUT", decided_at: now, updated_at: now })
      .where("status", "=", "WAITING_FOR_ACCEPTANCE")
      .where("acceptance_deadline", "<=", now)
      .returningAll()
      .execute();
    for (const row of rows) await enqueueStatusChangeJobs(trx, row, now);
    return rows;
  });
  if (expired.length > 0) ctx.jobs.nudge();
  return expired.map(orderStatusEventOf);
}

type Outcome =
  | { kind: "missing" }
  | { kind: "changed"; row: OrderRow; timedOut: null }
  | { kind: "refused"; error: ApiError; timedOut: OrderRow | null };

async function decide(
  ctx: OrdersContext,
  staff: StaffOfStore,
  orderId: number,
  action: StaffAction,
  reason: string | null,
): Promise<OrderStatusEvent> {
  const now = ctx.now().toISOString();
  const outcome = await ctx.db.transaction().execute((trx) => decideIn(trx, staff, orderId, action, reason, now));
  if (outcome.kind === "missing") throw orderNotFound(orderId, staff);
  // The jobs of what committed (the change, a timeout found on the way) run now.
  if (outcome.timedOut !== null || outcome.kind === "changed") ctx.jobs.nudge();
  if (outcome.kind === "refused") throw outcome.error;
  return orderStatusEventOf(outcome.row);
}

/**
 * The same decision exactly once per Idempotency-Key (a waiter's PDA retries an
 * accept or reject made offline with the key it stored): the key is claimed inside the decision's
 * transaction and its answer, a refusal included, stored in the same commit, so a retry after a
 * lost answer gets the first answer byte for byte and changes, captures and messages nothing.
 * Refusals are stored inside the transaction (not thrown) because a timeout found on the way
 * commits with them.
 */
export async function decideOnce(
  ctx: OrdersContext,
  staff: StaffOfStore,
  orderId: number,
  decision: { action: StaffAction; reason: string | null },
  key: string,
): Promise<StoredAnswer> {
  const { action } = decision;
  const trimmed = decision.reason?.trim() ?? "";
  const reason = action === "REJECT" && trimmed !== "" ? trimmed : null;
  const now = ctx.now().toISOString();
  // What this request's own commit changed; a replay leaves it empty and announces nothing.
  const committed: { outcome?: Outcome } = {};
  const hash = requestHash({ route: `staff/orders/${orderId}/${action}`, body: { reason } });
  const answer = await runOnce(ctx, { userId: staff.userId, key, hash }, { claimFirst: false }, (claim) =>
    ctx.db.transaction().execute(async (trx) => {
      committed.outcome = undefined;
      const earlier = await claim.claim(trx);
      if (earlier !== null) return earlier;
      const outcome = await decideIn(trx, staff, orderId, action, reason, now);
      const result = answerOf(outcome, orderId, staff);
      await claim.finish(trx, { ...result, orderId: null });
      committed.outcome = outcome;
      return result;
    }),
  );
  const outcome = committed.outcome;
  if (
    outcome !== undefined &&
    outcome.kind !== "missing" &&
    (outcome.timedOut !== null || outcome.kind === "changed")
  ) {
    ctx.jobs.nudge();
  }
  return answer;
}

function answerOf(outcome: Outcome, orderId: number, staff: StaffOfStore): { status: number; body: string } {
  if (outcome.kind === "changed") return { status: 200, body: JSON.stringify(orderStatusEventOf(outcome.row)) };
  const error = outcome.kind === "missing" ? orderNotFound(orderId, staff) : outcome.error;
  const body: ErrorBodyDto = { code: error.code, message: error.message };
  return { status: error.statusCode, body: JSON.stringify(body) };
}

function orderNotFound(orderId: number, staff: StaffOfStore): ApiError {
  return notFound("ORDER_NOT_FOUND", `There is no order ${orderId} in store ${staff.storeId}`);
}

/** The decision inside its transaction; refusals are returned, not thrown, so that a timeout found on the way still commits. */
async function decideIn(
  trx: Transaction<Database>,
  staff: StaffOfStore,
  orderId: number,
  action: StaffAction,
  reason: string | null,
  now: string,
): Promise<Outcome> {
  const order = await findOrderOfStore(trx, orderId, staff.storeId);
  if (order === undefined) return { kind: "missing" };

  let timedOut: OrderRow | null = null;
  if (hasTimedOut({ status: order.status, acceptanceDeadline: order.acceptance_deadline }, now)) {
    timedOut = await timeOutOne(trx, orderId, now);
    if (timedOut !== null) await enqueueStatusChangeJobs(trx, timedOut, now);
  }

  const current = timedOut ?? order;
  const decision = staffDecision(action, current.status);
  if (!decision.allowed) return { kind: "refused", error: statusError(decision.code), timedOut };

  const changed = await trx
    .updateTable("orders")
    .set({
      status: decision.to,
      error_message: action === "REJECT" ? reason : null,
      decided_at: now,
      decided_by_staff_id: staff.staffId ?? null,
      updated_at: now,
    })
    .where("id", "=", orderId)
    .where("status", "in", PENDING_ORDER_STATUSES)
    .returningAll()
    .executeTakeFirst();
  if (changed !== undefined) {
    let row = changed;
    if (row.status === "ACCEPTED") {
      await attachAcceptedOrder(trx, row, staff.staffId ?? null, now);
      row = await sendToStations(trx, row, now);
    }
    await enqueueStatusChangeJobs(trx, row, now);
    return { kind: "changed", row, timedOut: null };
  }

  // Lost a race (a concurrent accept, reject or timeout committed first): name the error its status calls for.
  const latest = await findOrderOfStore(trx, orderId, staff.storeId);
  const lost = latest === undefined ? null : staffDecision(action, latest.status);
  if (lost === null || lost.allowed) throw new Error(`order ${orderId} changed while being decided`);
  return { kind: "refused", error: statusError(lost.code), timedOut: null };
}

function statusError(code: keyof typeof STATUS_CHANGE_MESSAGES): ApiError {
  return new ApiError(409, code, STATUS_CHANGE_MESSAGES[code]);
}

async function findOrderOfStore(
  trx: Transaction<Database>,
  orderId: number,
  storeId: number,
): Promise<OrderRow | undefined> {
  return trx
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
}

async function timeOutOne(trx: Transaction<Database>, orderId: number, now: string): Promise<OrderRow | null> {
  const row = await trx
    .updateTable("orders")
    .set({ status: "TIMED_OUT", decided_at: now, updated_at: now })
    .where("id", "=", orderId)
    .where("status", "=", "WAITING_FOR_ACCEPTANCE")
    .where("acceptance_deadline", "<=", now)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
