/**
 * What each job kind does. Every handler may run more than once (a lease taken
 * over, a crash between the work and marking it done), so each is idempotent:
 * - status-event, opening-events: publishing the same state again is harmless (screens show the
 *   latest; opening events are read when run and carry the opening's version);
 * - settle-payment: capturePayment/voidPayment act only on an AUTHORIZED payment. With an outside
 *   provider a crash between its answer and our update repeats the call, which a real provider
 *   answers as already captured/voided (the reference is its idempotency key);
 * - ticket-events: like status events, read when run;
 * - print-ticket: a printer cannot tell a repeat, so a crash between its answer and marking the job
 *   done prints the ticket twice (the job is at least once, like an outside provider);
 * - bill-payment: brings a guest's card in line with its attempt's state (bill/bill-payment-attempts.ts);
 *   capture and void are idempotent, a finished attempt is left alone;
 * - waiter-call-event: like status events, read when run;
 * - outcome-message, outcome-email, payment-receipt-email: the message carries the job id; the outbox stores one row per job id (unique),
 *   so a repeat stores nothing. An outside provider (Twilio, SMTP) is at least once: a crash after
 *   the provider accepted and before the job was marked done sends it again after the lease.
 */
import { type BillPaymentPayload, settleAttempt } from "../bill/bill-payment-attempts";
import { type ReceiptEmailPayload, receiptEmailOf } from "../bill/receipt-email";
import { type WaiterCallEventPayload, waiterCallEventOf } from "../bill/waiter-calls";
import { fromJsonText } from "../db/columns";
import type { JobRow } from "../db/tables/jobs.table";
import { printTicket } from "../kitchen/print-ticket";
import { publishOrderStatus, publishTicketEvents } from "../kitchen/ticket-events";
import type { PrintTicketPayload, TicketEventsPayload } from "../kitchen/ticket-jobs";
import { publishOpenings, publishOpeningsOfOrder } from "../openings/opening-events";
import type { OrdersContext } from "../orders/context";
import { type OutcomeEmailPayload, outcomeEmailOf } from "../orders/outcome-email";
import { isOutcomeStatus, outcomeMessage } from "../orders/outcome-messages";
import { capturePayment, voidPayment } from "../payments/settle";
import type {
  OpeningEventsPayload,
  OutcomeMessagePayload,
  SettlePaymentPayload,
  StatusEventPayload,
} from "./order-jobs";

export async function runJob(ctx: OrdersContext, job: JobRow): Promise<void> {
  switch (job.kind) {
    case "status-event": {
      const { event } = fromJsonText<StatusEventPayload>(job.payload);
      await ctx.orderEvents.publish(event);
      if (event.status === "ACCEPTED") await publishOpeningsOfOrder(ctx, event.orderId);
      return;
    }
    case "opening-events": {
      const { openingIds } = fromJsonText<OpeningEventsPayload>(job.payload);
      await publishOpenings(ctx, openingIds);
      return;
    }
    case "settle-payment": {
      const { to } = fromJsonText<SettlePaymentPayload>(job.payload);
      const orderId = requireOrderId(job);
      await (to === "CAPTURED" ? capturePayment(ctx, orderId) : voidPayment(ctx, orderId));
      return;
    }
    case "ticket-events": {
      const { ticketIds, orderEvent } = fromJsonText<TicketEventsPayload>(job.payload);
      await publishTicketEvents(ctx, ticketIds);
      if (orderEvent) await publishOrderStatus(ctx, requireOrderId(job));
      return;
    }
    case "print-ticket": {
      await printTicket(ctx, fromJsonText<PrintTicketPayload>(job.payload));
      return;
    }
    case "bill-payment": {
      await settleAttempt(ctx, fromJsonText<BillPaymentPayload>(job.payload).attemptId);
      return;
    }
    case "waiter-call-event": {
      const event = await waiterCallEventOf(ctx.db, fromJsonText<WaiterCallEventPayload>(job.payload).callId);
      if (event !== null) await ctx.orderEvents.publish(event);
      return;
    }
    case "payment-receipt-email": {
      const message = await receiptEmailOf(ctx.db, fromJsonText<ReceiptEmailPayload>(job.payload));
      if (message !== null) await ctx.messenger.send({ ...message, jobId: job.id });
      return;
    }
    case "outcome-message": {
      const { status, reason } = fromJsonText<OutcomeMessagePayload>(job.payload);
      if (!isOutcomeStatus(status)) return;
      const message = await outcomeMessage(ctx.db, requireOrderId(job), status, reason);
      if (message !== null) await ctx.messenger.send({ ...message, jobId: job.id });
      return;
    }
    case "outcome-email": {
      const message = await outcomeEmailOf(ctx, requireOrderId(job), fromJsonText<OutcomeEmailPayload>(job.payload));
      if (message !== null) await ctx.messenger.send({ ...message, jobId: job.id });
      return;
    }
  }
}

function requireOrderId(job: JobRow): number {
  if (job.order_id === null) throw new Error(`job ${job.id} (${job.kind}) names no order`);
  return job.order_id;
}
