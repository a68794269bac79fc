/**
 * Sends a ticket's bytes to a network printer's raw port (9100): connect, write, close. It resolves
 * only when the printer has closed its side too, so "sent" means the printer took every byte; any
 * failure rejects with a PrinterError that names the printer, for the person who has to go and
 * look at it. Before the ticket it asks the printer whether it has paper (DLE EOT 4), because a
 * printer without paper accepts the bytes and drops them, and the ticket would silently be lost.
 */
import { connect } from "node:net";
import { PrinterError } from "./printer-error";

export { PrinterError, type PrinterErrorCode } from "./printer-error";

export interface SendToPrinterOptions {
  /** The whole exchange, from connecting to the printer's close (default 5000 ms). */
  timeoutMs?: number;
  /** Ask the paper status first (default true). */
  checkPaper?: boolean;
  /** How long to wait for the status before printing anyway, since many printers never answer (default 300 ms). */
  statusTimeoutMs?: number;
}

/** DLE EOT 4: real-time status of the roll paper sensor. */
const PAPER_STATUS_QUERY = Uint8Array.of(0x10, 0x04, 0x04);
/** An answer to DLE EOT always has bit 1 and bit 4 set and bits 0 and 7 clear. */
const isStatusByte = (byte: number) => (byte & 0x93) === 0x12;
/** Bits 5 and 6: the paper has ended. */
const PAPER_END = 0x60;

const UNREACHABLE_CAUSES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "the connection was refused",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  EHOSTDOWN: "the host is down",
  ENOTFOUND: "the host name is unknown",
  EAI_AGAIN: "the host name could not be looked up",
  ECONNRESET: "the connection was reset",
  EPIPE: "the connection was closed while sending",
};

export async function sendToPrinter(
  address: { host: string; port: number },
  bytes: Uint8Array,
  options: SendToPrinterOptions = {},
): Promise<void> {
  const where = `${address.host}:${address.port}`;
  const timeoutMs = options.timeoutMs ?? 5000;
  const statusTimeoutMs = options.statusTimeoutMs ?? 300;

  return new Promise<void>((resolve, reject) => {
    let stage: "connecting" | "checking the paper" | "sending" = "connecting";
    let settled = false;
    let statusTimer: NodeJS.Timeout | undefined;
    const socket = connect({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      fail(new PrinterError("PRINTER_TIMEOUT", `Printer ${where} timed out after ${timeoutMs} ms while ${stage}`));
    }, timeoutMs);

    const settle = (error?: PrinterError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(statusTimer);
      if (error === undefined) resolve();
      else reject(error);
    };
    const fail = (error: PrinterError) => {
      socket.destroy();
      settle(error);
    };

    const print = () => {
      if (settled || stage === "sending") return;
      clearTimeout(statusTimer);
      stage = "sending";
      if (!socket.writable) {
        fail(
          new PrinterError("PRINTER_UNREACHABLE", `Printer ${where} closed the connection before the ticket was sent`),
        );
        return;
      }
      socket.end(bytes);
    };

    socket.on("data", (chunk: Buffer) => {
      // Only the first status byte matters; anything the printer sends later is read and dropped.
      if (stage !== "checking the paper") return;
      const status = [...chunk].find(isStatusByte);
      if (status === undefined) return;
      if ((status & PAPER_END) === PAPER_END) {
        settle(new PrinterError("PRINTER_OUT_OF_PAPER", `Printer ${where} is out of paper`));
        // A clean close, so the printer is free for the next connection.
        socket.end(() => socket.destroy());
        return;
      }
      print();
    });

    socket.once("connect", () => {
      if (options.checkPaper === false) {
        print();
        return;
      }
      stage = "checking the paper";
      socket.write(PAPER_STATUS_QUERY);
      statusTimer = setTimeout(print, statusTimeoutMs);
    });

    socket.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? "";
      if (code === "ETIMEDOUT") {
        fail(
          new PrinterError("PRINTER_TIMEOUT", `Printer ${where} timed out while ${stage} (ETIMEDOUT)`, {
            cause: error,
          }),
        );
        return;
      }
      const cause = UNREACHABLE_CAUSES[code] ?? error.message;
      const message = `Printer ${where}: ${cause} while ${stage}${code === "" ? "" : ` (${code})`}`;
      fail(new PrinterError("PRINTER_UNREACHABLE", message, { cause: error }));
    });

    socket.on("close", (hadError) => {
      if (hadError || settled) return;
      if (stage === "sending" && socket.writableFinished) settle();
      else settle(new PrinterError("PRINTER_UNREACHABLE", `Printer ${where} closed the connection while ${stage}`));
    });
  });
}
