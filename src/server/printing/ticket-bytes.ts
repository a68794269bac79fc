/**
 * The bytes of one kitchen or bar ticket for an ESC/POS printer. Layout: what the cook needs first
 * is biggest (the station, then the spot and the day's order number); items are double height so
 * they read at arm's length; options and comments sit indented under their item. Greek is encoded
 * in the printer's own code page, selected with ESC t at the start, since a printer prints bytes
 * through whichever table is selected and would turn UTF-8 Greek into rubbish.
 */
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { EPSON_CODE_PAGE_NUMBERS, type PrinterCodePage } from "./code-pages";
import { printableText } from "./printable-text";
import { sideBySide, wrapText } from "./wrap-text";

export { PRINTER_CODE_PAGES, type PrinterCodePage } from "./code-pages";

/**
 * The line widths the encoder lays out, in characters of font A (the font every ticket uses): 32 on
 * 58 mm paper, 42 or 48 on 80 mm depending on the print head, 35 and 44 on a few models.
 */
export const PRINTER_COLUMNS = [32, 35, 42, 44, 48] as const;

export interface PrintableTicket {
  storeName: string;
  stationName: string;
  spotName: string;
  dailyNumber: number | null;
  waiterName: string | null;
  /** Athens local time text already formatted, e.g. "28/11 18:05" */
  time: string;
  lines: {
    quantity: number;
    grams: number | null;
    name: string;
    options: string[];
    comment: string;
    /** a no-charge request (towels, a pillow): printed with "ΑΙΤΗΜΑ / REQUEST" under it */
    request?: boolean;
  }[];
  /** member (all-inclusive) prices applied to the order: printed "ΜΕΛΟΣ / MEMBER" under the header */
  member?: boolean;
  /** a reprint: printed with a "ΑΝΤΙΓΡΑΦΟ / COPY" banner */
  copy: boolean;
  /** a ticket canceled after it was sent: printed with "ΑΚΥΡΩΣΗ / CANCELED" banner */
  canceled: boolean;
}

export interface TicketPrinter {
  codePage: PrinterCodePage;
  /**
   * Characters per line; 42 (the narrower 80 mm width) when not given. A width between those of
   * PRINTER_COLUMNS prints at the next narrower one, so no line ever runs past the paper.
   */
  columns?: number;
  /** The printer's "ESC t n" number for its code page, when it differs from Epson's. */
  codePageNumber?: number;
}

export const COPY_BANNER = "ΑΝΤΙΓΡΑΦΟ / COPY";
export const CANCELED_BANNER = "ΑΚΥΡΩΣΗ / CANCELED";
export const MEMBER_MARK = "ΜΕΛΟΣ / MEMBER";
export const REQUEST_MARK = "ΑΙΤΗΜΑ / REQUEST";

/** The encoder's names of the code pages. */
const ENCODER_CODE_PAGE = {
  cp737: "cp737",
  cp1253: "windows1253",
  cp851: "cp851",
  cp869: "cp869",
} as const satisfies Record<PrinterCodePage, string>;

/** Lines fed before the cut, so the last line clears the cutter instead of being cut through. */
const FEED_BEFORE_CUT = 4;

export function ticketBytes(ticket: PrintableTicket, printer: TicketPrinter): Uint8Array {
  const columns = layoutColumns(printer.columns ?? 42);
  const encoderCodePage = ENCODER_CODE_PAGE[printer.codePage];
  const encoder = new ReceiptPrinterEncoder({
    language: "esc-pos",
    columns,
    feedBeforeCut: FEED_BEFORE_CUT,
    codepageMapping: {
      [encoderCodePage]: printer.codePageNumber ?? EPSON_CODE_PAGE_NUMBERS[printer.codePage],
    },
  });
  const text = (value: string) => printableText(value, printer.codePage);
  // Lines are wrapped here, and at double width a line holds half the characters.
  const lines = (value: string, scale: 1 | 2, indent = "", hangingIndent = indent) => {
    for (const line of wrapText(text(value), columns / scale, indent, hangingIndent)) encoder.line(line);
  };
  const pair = (left: string, right: string, scale: 1 | 2) => {
    for (const line of sideBySide(text(left), text(right), columns / scale)) encoder.line(line);
  };

  encoder.initialize().codepage(encoderCodePage);

  if (ticket.canceled) banner(encoder, lines, CANCELED_BANNER);
  if (ticket.copy) banner(encoder, lines, COPY_BANNER);

  encoder.align("center");
  lines(ticket.storeName, 1);
  encoder.bold(true).size(2, 2);
  lines(ticket.stationName, 2);
  encoder.align("left");
  pair(ticket.spotName, ticket.dailyNumber === null ? "" : `#${ticket.dailyNumber}`, 2);
  encoder.size(1, 1).bold(false);
  pair(ticket.time, ticket.waiterName ?? "", 1);
  if (ticket.member === true) {
    encoder.bold(true);
    lines(MEMBER_MARK, 1);
    encoder.bold(false);
  }
  encoder.line("-".repeat(columns));

  for (const line of ticket.lines) {
    const amount = lineAmount(line.quantity, line.grams);
    encoder.bold(true).size(1, 2);
    lines(`${amount} ${line.name}`, 1, "", " ".repeat(amount.length + 1));
    encoder.size(1, 1).bold(false);
    if (line.request === true) lines(REQUEST_MARK, 1, "    ");
    for (const option of line.options) lines(`+ ${option}`, 1, "    ", "      ");
    if (line.comment.trim() !== "") {
      // Underlined rather than italic: ESC/POS printers commonly have no italic.
      encoder.underline(true);
      lines(line.comment, 1, "    ");
      encoder.underline(false);
    }
  }

  encoder.line("-".repeat(columns));
  // A canceled ticket says so at both ends, whichever end the cook reads first.
  if (ticket.canceled) banner(encoder, lines, CANCELED_BANNER);
  return encoder.cut("partial").encode();
}

/** The widest of PRINTER_COLUMNS that fits the printer's line (the narrowest for a smaller one). */
export function layoutColumns(columns: number): number {
  return PRINTER_COLUMNS.findLast((width) => width <= columns) ?? PRINTER_COLUMNS[0];
}

/** "2 x" for pieces, "0.350 kg" for an item sold by weight ("2 x 0.350 kg" for two such portions). */
export function lineAmount(quantity: number, grams: number | null): string {
  if (grams === null) return `${quantity} x`;
  const kilos = `${(grams / 1000).toFixed(3)} kg`;
  return quantity === 1 ? kilos : `${quantity} x ${kilos}`;
}

function banner(encoder: ReceiptPrinterEncoder, lines: (value: string, scale: 1 | 2) => void, title: string): void {
  encoder.align("center").bold(true).invert(true).size(2, 2);
  lines(title, 2);
  encoder.size(1, 1).invert(false).bold(false).align("left");
}
