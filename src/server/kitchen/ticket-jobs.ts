/**
 * The jobs that follow a committed ticket change, written in its transaction:
 * - ticket-events: the live TicketChangedEvent of each ticket (read when run, so it tells the state
 *   then), and the order's status event when what its guest is told changed;
 * - print-ticket: one per print of a ticket at a station with a printer (NEW, COPY, CANCELED),
 *   retried while the printer is off or out of paper (jobs/failure-plan.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { enqueueJobs, type NewJob } from "../jobs/job-queue";

export interface TicketPrint {
  ticketId: number;
  kind: "NEW" | "COPY" | "CANCELED";
}

export interface TicketEventsPayload {
  ticketIds: number[];
  orderEvent: boolean;
}

export type PrintTicketPayload = TicketPrint;

export async function enqueueTicketJobs(
  trx: Kysely<Database>,
  change: { orderId: number; ticketIds: number[]; prints: readonly TicketPrint[]; orderEvent: boolean; now: string },
): Promise<void> {
  const events: TicketEventsPayload = { ticketIds: change.ticketIds, orderEvent: change.orderEvent };
  const jobs: NewJob[] = [
    { kind: "ticket-events", orderId: change.orderId, payload: events },
    ...change.prints.map((print) => ({ kind: "print-ticket" as const, orderId: change.orderId, payload: print })),
  ];
  await enqueueJobs(trx, jobs, change.now);
}
