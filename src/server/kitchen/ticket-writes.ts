/**
 * The writes of a ticket: a line or the whole ticket made (ready), put back on the display
 * (recall), taken by a waiter (picked up), or lines canceled by the floor after it was sent.
 *
 * Each runs once per Idempotency-Key (orders/idempotency.ts), in one transaction with its events
 * and prints as jobs. Two screens acting on one ticket at once: the update names the version it
 * read, so one wins and the other gets 409 TICKET_CHANGED with the state it lost to.
 */
import type { Kysely } from "kysely";
import { type CanceledLine, cancelOnLines, ticketStateOf } from "../../domain/kitchen";
import type { TicketState } from "../../domain/kitchen-api";
import { fromJsonText, toJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { StoredTicketLine, TicketRow } from "../db/tables/kitchen.tables";
import { conflict, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { setShownPreparation } from "./send-to-stations";
import { enqueueTicketJobs, type TicketPrint } from "./ticket-jobs";
import { loadTicket, requireStation } from "./ticket-reads";

export type TicketAction =
  | { kind: "ready"; lineIndex: number | null }
  | { kind: "recall" }
  | { kind: "picked-up" }
  | { kind: "reprint" };

interface Change {
  lines: StoredTicketLine[];
  state: TicketState;
  readyAt: string | null;
  readyBy: number | null;
  pickedUpAt: string | null;
}

/** Runs one action on a ticket of the staff member's store, once per key; answers the ticket as it now is. */
export async function runTicketAction(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  target: { stationId: number; ticketId: number },
  action: TicketAction,
): Promise<StoredAnswer> {
  const call = { route: `tickets/${target.ticketId}/${action.kind}`, body: action };
  const answer = await runOnce(
    ctx,
    { userId: staff.userId, key, hash: requestHash(call) },
    { claimFirst: false },
    (claim) =>
      ctx.db.transaction().execute(async (trx) => {
        const earlier = await claim.claim(trx);
        if (earlier !== null) return earlier;
        const now = ctx.now().toISOString();
        await requireStation(trx, staff.storeId, target.stationId);
        const ticket = await trx
          .selectFrom("tickets")
          .selectAll()
          .where("id", "=", target.ticketId)
          .where("station_id", "=", target.stationId)
          .where("store_id", "=", staff.storeId)
          .executeTakeFirst();
        if (ticket === undefined) throw notFound("TICKET_NOT_FOUND", "There is no such ticket at this station");
        const prints: TicketPrint[] = action.kind === "reprint" ? [{ ticketId: ticket.id, kind: "COPY" }] : [];
        await writeChange(trx, ticket, changeOf(ticket, action, staff, now), now, prints);
        const body = JSON.stringify(await loadTicket(trx, ticket.id));
        await claim.finish(trx, { status: 200, body, orderId: null });
        return { status: 200, body };
      }),
  );
  ctx.jobs.nudge();
  return answer;
}

function changeOf(ticket: TicketRow, action: TicketAction, staff: StaffMember, now: string): Change {
  const lines = fromJsonText<StoredTicketLine[]>(ticket.lines);
  const current = { lines, state: ticket.state, readyAt: ticket.ready_at, readyBy: ticket.ready_by_staff_id };
  const refuse = () =>
    conflict("TICKET_CHANGED", `This ticket is ${ticket.state.toLowerCase().replace("_", " ")} already`, {
      state: ticket.state,
      at: ticket.updated_at,
    });
  switch (action.kind) {
    case "ready": {
      if (ticket.state !== "ACTIVE") throw refuse();
      if (action.lineIndex !== null && !lines.some((line) => line.index === action.lineIndex))
        throw notFound("TICKET_NOT_FOUND", "This ticket has no such line");
      const next = lines.map((line) =>
        action.lineIndex === null || line.index === action.lineIndex ? { ...line, ready: true } : line,
      );
      const state = ticketStateOf(next);
      const done = state === "READY";
      return { lines: next, state, readyAt: done ? now : null, readyBy: done ? staff.staffId : null, pickedUpAt: null };
    }
    case "recall": {
      if (ticket.state !== "READY") throw refuse();
      const next = lines.map((line) => ({ ...line, ready: false }));
      return { lines: next, state: "ACTIVE", readyAt: null, readyBy: null, pickedUpAt: null };
    }
    case "picked-up": {
      if (ticket.state !== "READY") throw refuse();
      return { ...current, state: "PICKED_UP", pickedUpAt: now };
    }
    case "reprint":
      return { ...current, pickedUpAt: ticket.picked_up_at };
  }
}

/** Writes a change under the version read, then the order's preparation, the events and the prints. */
async function writeChange(
  trx: Kysely<Database>,
  ticket: TicketRow,
  change: Change & { changed?: boolean },
  now: string,
  prints: readonly TicketPrint[],
): Promise<void> {
  const written = await trx
    .updateTable("tickets")
    .set({
      lines: toJsonText(change.lines),
      state: change.state,
      ready_at: change.readyAt,
      ready_by_staff_id: change.readyBy,
      picked_up_at: change.pickedUpAt,
      changed: change.changed === true || ticket.changed ? 1 : 0,
      version: ticket.version + 1,
      updated_at: now,
    })
    .where("id", "=", ticket.id)
    .where("version", "=", ticket.version)
    .executeTakeFirst();
  if (written.numUpdatedRows === 0n) {
    // Another screen's change committed first: tell the state it left the ticket in.
    const latest = await trx
      .selectFrom("tickets")
      .select(["state", "updated_at"])
      .where("id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    throw conflict("TICKET_CHANGED", "This ticket was changed meanwhile", {
      state: latest.state,
      at: latest.updated_at,
    });
  }

  const order = await trx.selectFrom("orders").selectAll().where("id", "=", ticket.order_id).executeTakeFirstOrThrow();
  const states = await trx.selectFrom("tickets").select("state").where("order_id", "=", order.id).execute();
  const shown = await setShownPreparation(
    trx,
    order,
    states.map((row) => row.state),
    now,
  );
  await enqueueTicketJobs(trx, {
    orderId: order.id,
    ticketIds: [ticket.id],
    prints,
    orderEvent: shown.preparation !== order.preparation,
    now,
  });
}

/**
 * Lines canceled on the table after the order was sent: marked on the tickets that make them (a
 * ticket with nothing left to make is CANCELED), and printed as a cancellation where the station
 * prints. Called inside the cancel's own transaction; returns whether a ticket changed.
 */
export async function cancelOnTickets(
  trx: Kysely<Database>,
  canceled: ReadonlyArray<CanceledLine & { orderId: number }>,
  now: string,
): Promise<boolean> {
  let any = false;
  for (const line of canceled) {
    const tickets = await trx
      .selectFrom("tickets")
      .selectAll()
      .where("order_id", "=", line.orderId)
      .where("state", "in", ["ACTIVE", "READY"])
      .orderBy("id")
      .execute();
    for (const ticket of tickets) {
      const lines = cancelOnLines(fromJsonText<StoredTicketLine[]>(ticket.lines), line);
      if (lines === null) continue;
      const state = ticketStateOf(lines) === "CANCELED" ? "CANCELED" : ticket.state;
      const printer = await trx
        .selectFrom("stations")
        .select("printer")
        .where("id", "=", ticket.station_id)
        .executeTakeFirst();
      const prints: TicketPrint[] = printer?.printer == null ? [] : [{ ticketId: ticket.id, kind: "CANCELED" }];
      await writeChange(
        trx,
        ticket,
        {
          lines,
          state,
          readyAt: ticket.ready_at,
          readyBy: ticket.ready_by_staff_id,
          pickedUpAt: null,
          changed: true,
        },
        now,
        prints,
      );
      any = true;
      break;
    }
  }
  return any;
}
