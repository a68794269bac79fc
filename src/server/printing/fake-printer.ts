/**
 * A network thermal printer on a loopback port, for tests: it takes raw ESC/POS over TCP the way a
 * real printer's port 9100 does, answers the paper status query, and records what each connection
 * would have printed (decoded, see escpos-decode.ts). With the paper out it still answers the query
 * but prints nothing, as a real printer would.
 */
import { createServer, type Socket } from "node:net";
import type { PrinterCodePage } from "./code-pages";
import { type DecodedPrint, decodeEscPos } from "./escpos-decode";

export type { DecodedPrint } from "./escpos-decode";

export interface FakePrinterOptions {
  /** 0 (any free port) when not given. */
  port?: number;
  paperOut?: boolean;
  /** The printer's ESC t numbers where they differ from Epson's. */
  codePageNumbers?: Partial<Record<PrinterCodePage, number>>;
  /** Called with each print as it is recorded. */
  onPrint?: (print: DecodedPrint) => void;
}

export interface FakePrinter {
  port: number;
  prints: DecodedPrint[];
  setPaperOut(value: boolean): void;
  stop(): Promise<void>;
}

/** The status byte's fixed bits (1 and 4), and bits 5 and 6 that say the paper has ended. */
const STATUS_PAPER_OK = 0x12;
const STATUS_PAPER_OUT = 0x72;

export async function startFakePrinter(options: FakePrinterOptions = {}): Promise<FakePrinter> {
  const prints: DecodedPrint[] = [];
  let paperOut = options.paperOut ?? false;
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    // Real printers answer DLE EOT wherever it appears in the stream, even split across packets.
    let tail = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const scan = Buffer.concat([tail, chunk]);
      for (let i = 0; i + 2 < scan.length; i++) {
        if (scan[i] === 0x10 && scan[i + 1] === 0x04) {
          socket.write(Buffer.from([scan[i + 2] === 4 && paperOut ? STATUS_PAPER_OUT : STATUS_PAPER_OK]));
          i += 2;
        }
      }
      // The last two bytes may start a query that the next packet completes.
      tail = scan.subarray(Math.max(0, scan.length - 2));
    });
    socket.on("end", () => {
      const print = decodeEscPos(new Uint8Array(Buffer.concat(chunks)), options.codePageNumbers);
      if (print.bytes > 0 && !paperOut) {
        prints.push(print);
        options.onPrint?.(print);
      }
      socket.end();
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The fake printer has no TCP address");

  return {
    port: address.port,
    prints,
    setPaperOut(value) {
      paperOut = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
