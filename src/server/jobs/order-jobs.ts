/**
 * Which jobs follow which committed order change. Called inside the change's
 * transaction, so the change and its follow-up work commit together:
 * - every status change and every placement: its status event (status-event; an accepted order's
 *   table-opening events go with it);
 * - a card order accepted: capture; rejected or timed out: void (settle-payment);
 * - accepted, rejected or timed out by the store or the clock: the guest's message (outcome-message).
 *   A waiter's own order (placed ACCEPTED) has no guest to tell. When the guest asked for the
 *   outcome by e-mail at checkout, that e-mail too (outcome-email).
 * - a waiter's money write on table openings: the live events of the openings it changed
 *   (opening-events; read when run, so they tell the state then).
 */
import type { CompiledQuery, Kysely } from "kysely";
import type { OrderStatus, OrderStatusEvent } from "../../domain/orders-api";
import type { Database } from "../db/schema";
import type { OrderRow } from "../db/tables/orders.tables";
import { orderStatusEventOf } from "../orders/order-presenter";
import type { OutcomeEmailPayload } from "../orders/outcome-email";
import { isOutcomeStatus } from "../orders/outcome-messages";
import { enqueueJobs, enqueueJobsQuery, type NewJob } from "./job-queue";

export interface StatusEventPayload {
  event: OrderStatusEvent;
}

export interface SettlePaymentPayload {
  to: "CAPTURED" | "VOIDED";
}

export interface OpeningEventsPayload {
  openingIds: number[];
}

export interface OutcomeMessagePayload {
  status: OrderStatus;
  reason: string | null;
}

/**
 * A placement's jobs: its status event only (the guest just saw the answer). Compiled, to be sent
 * with the placement's stored answer in one round trip (statement-batch.ts).
 */
export function placementJobsQuery(trx: Kysely<Database>, order: OrderRow, now: string): CompiledQuery {
  return enqueueJobsQuery(trx, [statusEventJob(order)], now);
}

/** A store's or the clock's decision: the event, the card's settlement and the guest's message. */
export async function enqueueStatusChangeJobs(trx: Kysely<Database>, order: OrderRow, now: string): Promise<void> {
  const jobs: NewJob[] = [statusEventJob(order)];
  const decided = isOutcomeStatus(order.status);
  if (decided && order.payment_type === "CARD") {
    const payload: SettlePaymentPayload = { to: order.status === "ACCEPTED" ? "CAPTURED" : "VOIDED" };
    jobs.push({ kind: "settle-payment", orderId: order.id, payload });
  }
  if (decided) {
    const payload: OutcomeMessagePayload = { status: order.status, reason: order.error_message };
    jobs.push({ kind: "outcome-message", orderId: order.id, payload });
    if (order.notify_email !== null) {
      const email: OutcomeEmailPayload = { status: order.status, reason: order.error_message };
      jobs.push({ kind: "outcome-email", orderId: order.id, payload: email });
    }
  }
  await enqueueJobs(trx, jobs, now);
}

/** After a staff write on openings: their events. Returns whether a job was written (none when nothing changed). */
export async function enqueueOpeningEventsJob(
  trx: Kysely<Database>,
  openingIds: ReadonlySet<number>,
  now: string,
): Promise<boolean> {
  if (openingIds.size === 0) return false;
  const payload: OpeningEventsPayload = { openingIds: [...openingIds].sort((x, y) => x - y) };
  await enqueueJobs(trx, [{ kind: "opening-events", orderId: null, payload }], now);
  return true;
}

function statusEventJob(order: OrderRow): NewJob {
  const payload: StatusEventPayload = { event: orderStatusEventOf(order) };
  return { kind: "status-event", orderId: order.id, payload };
}
