/** Why a ticket did not reach a printer; the code says what a person at the venue should check. */
export type PrinterErrorCode = "PRINTER_UNREACHABLE" | "PRINTER_TIMEOUT" | "PRINTER_OUT_OF_PAPER";

export class PrinterError extends Error {
  override readonly name = "PrinterError";
  readonly code: PrinterErrorCode;

  constructor(code: PrinterErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
