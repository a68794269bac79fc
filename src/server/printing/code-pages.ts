/**
 * The Greek code pages a kitchen printer can be set to. The venue file names one per printer,
 * because which of them a printer has (and prints correctly) differs from model to model.
 */
export const PRINTER_CODE_PAGES = ["cp737", "cp1253", "cp851", "cp869"] as const;
export type PrinterCodePage = (typeof PRINTER_CODE_PAGES)[number];

/**
 * The n of "ESC t n" that selects each code page in Epson's numbering, which most ESC/POS printers
 * follow. Some clones number their tables differently (their self-test page lists the numbers), so a
 * printer may override the number (ticketBytes' `codePageNumber`).
 */
export const EPSON_CODE_PAGE_NUMBERS: Readonly<Record<PrinterCodePage, number>> = {
  cp851: 11,
  cp737: 14,
  cp869: 38,
  cp1253: 47,
};

export function isPrinterCodePage(value: string): value is PrinterCodePage {
  return (PRINTER_CODE_PAGES as readonly string[]).includes(value);
}
