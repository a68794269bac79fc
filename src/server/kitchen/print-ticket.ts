/**
 * A print-ticket job: the ticket as the station's printer prints it (Greek names, in the printer's
 * code page), sent over raw TCP. A failure is thrown, so the job is retried (jobs/failure-plan.ts),
 * and recorded in printer_states: since when the printer fails and why, which the store's PDAs
 * show as an alert after a minute. Success clears it.
 *
 * At least once: a crash after the printer took the bytes and before the job is marked done prints
 * the ticket again (rare: one job's round trip). A printer that was off prints it once when back.
 */
import type { Kysely } from "kysely";
import type { Translations } from "../../domain/languages";
import { fromDbBoolean, fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { StationPrinter, StoredTicketLine } from "../db/tables/kitchen.tables";
import { athensDayText, athensTime } from "../orders/athens-clock";
import type { OrdersContext } from "../orders/context";
import { isPrinterCodePage } from "../printing/code-pages";
import { sendToPrinter } from "../printing/send-to-printer";
import { type PrintableTicket, ticketBytes } from "../printing/ticket-bytes";
import type { PrintTicketPayload } from "./ticket-jobs";
import { loadTicket } from "./ticket-reads";

/** After a failure, the other tickets of that printer wait this long before one tries again. */
export const PRINTER_PAUSE_MS = 3_000;

export async function printTicket(ctx: OrdersContext, print: PrintTicketPayload): Promise<void> {
  const station = await ctx.db
    .selectFrom("tickets")
    .innerJoin("stations", "stations.id", "tickets.station_id")
    .innerJoin("stores", "stores.id", "tickets.store_id")
    .select(["stations.id", "stations.store_id", "stations.printer", "stores.names as store_names"])
    .where("tickets.id", "=", print.ticketId)
    .executeTakeFirst();
  // A station removed, or its printer taken off, by a later import: nothing to print on.
  if (station?.printer == null) return;
  const printer = fromJsonText<StationPrinter>(station.printer);
  if (!isPrinterCodePage(printer.codePage)) throw new Error(`unknown code page ${printer.codePage}`);

  // A printer that just failed is tried by one ticket at a time, not by every ticket waiting for
  // it: each attempt at a switched-off printer can hold a job slot for seconds.
  const state = await ctx.db
    .selectFrom("printer_states")
    .select("last_failed_at")
    .where("station_id", "=", station.id)
    .where("failing_since", "is not", null)
    .executeTakeFirst();
  if (state?.last_failed_at != null && ctx.now().getTime() - Date.parse(state.last_failed_at) < PRINTER_PAUSE_MS) {
    throw new Error(`station ${station.id}'s printer failed moments ago; this ticket waits for the next try`);
  }

  const ticket = await loadTicket(ctx.db, print.ticketId);
  const lines = print.kind === "CANCELED" ? canceledLines(ticket.lines) : ticket.lines;
  const printable: PrintableTicket = {
    storeName: fromJsonText<Translations>(station.store_names).GRE.name,
    stationName: ticket.stationNames.GRE.name,
    spotName: ticket.spotNames.GRE.name,
    dailyNumber: ticket.dailyNumber,
    waiterName: ticket.waiterName,
    time: athensText(new Date(ticket.createdAt)),
    lines: lines.map((line) => ({
      quantity: line.quantity,
      grams: line.grams,
      name: line.names.GRE.name,
      options: line.options.map((option) => option.GRE.name),
      comment: line.comment,
      request: line.request === true,
    })),
    member: await isMemberOrder(ctx.db, ticket.orderId),
    copy: print.kind === "COPY",
    canceled: print.kind === "CANCELED",
  };
  const bytes = ticketBytes(printable, {
    codePage: printer.codePage,
    columns: printer.columns,
    ...(printer.codePageNumber == null ? {} : { codePageNumber: printer.codePageNumber }),
  });
  const now = () => ctx.now().toISOString();
  try {
    await sendToPrinter({ host: printer.host, port: printer.port }, bytes);
  } catch (error) {
    await recordPrinter(ctx.db, station, { failedAt: now(), problem: error instanceof Error ? error.message : "" });
    throw error;
  }
  await recordPrinter(ctx.db, station, { printedAt: now() });
}

/** On a cancellation slip, each line with the pieces canceled. */
function canceledLines(lines: readonly StoredTicketLine[]): StoredTicketLine[] {
  return lines
    .filter((line) => line.canceledQuantity > 0)
    .map((line) => ({ ...line, quantity: line.canceledQuantity }));
}

async function isMemberOrder(db: Kysely<Database>, orderId: number): Promise<boolean> {
  const order = await db.selectFrom("orders").select("member_prices").where("id", "=", orderId).executeTakeFirst();
  return order !== undefined && fromDbBoolean(order.member_prices);
}

function athensText(date: Date): string {
  const [, month, day] = athensDayText(date).split("-");
  const time = athensTime(date);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${day}/${month} ${two(time.hour)}:${two(time.minute)}`;
}

async function recordPrinter(
  db: Kysely<Database>,
  station: { id: number; store_id: number },
  outcome: { failedAt: string; problem: string } | { printedAt: string },
): Promise<void> {
  const failing = "failedAt" in outcome;
  await db
    .insertInto("printer_states")
    .values({
      station_id: station.id,
      store_id: station.store_id,
      failing_since: failing ? outcome.failedAt : null,
      problem: failing ? outcome.problem.slice(0, 200) : null,
      last_failed_at: failing ? outcome.failedAt : null,
      last_printed_at: failing ? null : outcome.printedAt,
    })
    .onConflict((conflict) =>
      conflict.column("station_id").doUpdateSet((eb) =>
        failing
          ? {
              failing_since: eb.fn.coalesce("printer_states.failing_since", eb.ref("excluded.failing_since")),
              problem: eb.ref("excluded.problem"),
              last_failed_at: eb.ref("excluded.last_failed_at"),
            }
          : { failing_since: null, problem: null, last_printed_at: eb.ref("excluded.last_printed_at") },
      ),
    )
    .execute();
}
