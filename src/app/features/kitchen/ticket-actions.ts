/**
 * A kitchen write (a line or a ticket made, a ticket recalled, a ticket taken by a waiter) goes
 * through the staff-action outbox like every staff write: stored with its Idempotency-Key before the
 * first attempt, so one tapped offline goes out once when the connection returns, and shown as
 * waiting to be sent meanwhile, never as done. Taps on one ticket go one after another: sent at
 * once, two lines made would race for the ticket's version and one would be refused.
 */
import type { TicketDto } from "../../../domain/kitchen-api";
import { lineReadyPath, type TicketWrite, ticketWritePath } from "../../api/kitchen";
import type { PendingStaffActionRow } from "../../db/app-db";
import { type ActionOutcome, submitStaffAction } from "../staff/openings/action-outbox";

export type TicketAction = { kind: TicketWrite } | { kind: "line-ready"; lineIndex: number };

const inTurn = new Map<number, Promise<unknown>>();

/** Submits the action after any other on the same ticket; `description` is the action in the staff's words. */
export function submitTicketAction(
  ticket: Pick<TicketDto, "id" | "stationId">,
  action: TicketAction,
  description: string,
): Promise<ActionOutcome> {
  const previous = inTurn.get(ticket.id) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(() =>
      submitStaffAction({
        ticketId: ticket.id,
        ...(action.kind === "line-ready" ? { lineIndex: action.lineIndex } : {}),
        action: action.kind,
        description,
        path:
          action.kind === "line-ready" ? lineReadyPath(ticket, action.lineIndex) : ticketWritePath(ticket, action.kind),
        body: {},
      }),
    );
  inTurn.set(ticket.id, next);
  const forget = () => {
    if (inTurn.get(ticket.id) === next) inTurn.delete(ticket.id);
  };
  next.then(forget, forget);
  return next;
}

/** The answer of a kitchen write that went through: the ticket as the server now has it. */
export function answeredTicket(outcome: ActionOutcome): TicketDto | null {
  if (outcome.kind !== "done") return null;
  const answer = outcome.answer as Partial<TicketDto> | null;
  return answer !== null && typeof answer === "object" && typeof answer.id === "number" && Array.isArray(answer.lines)
    ? (answer as TicketDto)
    : null;
}

/** Whether a stored row is this ticket's `kind` of write (and, for a line, that line's). */
export function isQueued(
  row: PendingStaffActionRow,
  ticketId: number,
  kind: TicketAction["kind"],
  lineIndex?: number,
): boolean {
  return row.ticketId === ticketId && row.action === kind && (lineIndex === undefined || row.lineIndex === lineIndex);
}
