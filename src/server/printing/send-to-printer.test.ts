import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type FakePrinter, startFakePrinter } from "./fake-printer";
import { PrinterError, sendToPrinter } from "./send-to-printer";

const TICKET = Uint8Array.from([0x1b, 0x40, ...Buffer.from("hello\n"), 0x1d, 0x56, 0x01]);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function fakePrinter(options?: { paperOut?: boolean }): Promise<FakePrinter> {
  const printer = await startFakePrinter(options);
  cleanups.push(() => printer.stop());
  return printer;
}

/**
 * A TCP server on a loopback port that does with each connection what the test says. Half-open
 * connections are allowed, so the test alone decides when the server closes its side.
 */
async function rawServer(onConnection: (socket: Socket) => void): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function rejection(promise: Promise<unknown>): Promise<PrinterError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PrinterError);
  return error as PrinterError;
}

describe("sending a ticket to a network printer (raw TCP, port 9100)", () => {
  it("a ticket sent to a working printer resolves after the printer took it, and is printed once", async () => {
    const printer = await fakePrinter();
    await sendToPrinter({ host: "127.0.0.1", port: printer.port }, TICKET);
    expect(printer.prints).toEqual([{ codePage: null, text: "hello\n", cut: true, bytes: TICKET.length }]);
  });

  it("a printer that is switched off (nothing listening) rejects with PRINTER_UNREACHABLE quickly, naming host:port", async () => {
    const printer = await startFakePrinter();
    const port = printer.port;
    await printer.stop();
    const started = Date.now();
    const error = await rejection(sendToPrinter({ host: "127.0.0.1", port }, TICKET));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.code).toBe("PRINTER_UNREACHABLE");
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toContain("refused");
  });

  it("a printer out of paper rejects with PRINTER_OUT_OF_PAPER and prints nothing; with paper back it prints", async () => {
    const printer = await fakePrinter({ paperOut: true });
    const address = { host: "127.0.0.1", port: printer.port };
    const error = await rejection(sendToPrinter(address, TICKET));
    expect(error.code).toBe("PRINTER_OUT_OF_PAPER");
    expect(error.message).toContain(`127.0.0.1:${printer.port}`);
    expect(printer.prints).toEqual([]);
    printer.setPaperOut(false);
    await sendToPrinter(address, TICKET);
    expect(printer.prints).toHaveLength(1);
  });

  it("a printer that accepts the connection but never reads nor closes rejects with PRINTER_TIMEOUT", async () => {
    const port = await rawServer((socket) => socket.pause());
    const started = Date.now();
    const error = await rejection(sendToPrinter({ host: "127.0.0.1", port }, TICKET, { timeoutMs: 800 }));
    expect(error.code).toBe("PRINTER_TIMEOUT");
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toContain("800 ms");
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
  });

  it("a printer that never answers the paper status query still gets the ticket, after a short wait", async () => {
    const received: Buffer[] = [];
    const port = await rawServer((socket) => {
      socket.on("data", (chunk: Buffer) => received.push(chunk));
      socket.on("end", () => socket.end());
    });
    const started = Date.now();
    await sendToPrinter({ host: "127.0.0.1", port }, TICKET, { statusTimeoutMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Buffer.concat(received)).toEqual(Buffer.concat([Buffer.from([0x10, 0x04, 0x04]), TICKET]));
  });

  it("a ticket is sent without the status query when the paper check is off", async () => {
    const received: Buffer[] = [];
    const port = await rawServer((socket) => {
      socket.on("data", (chunk: Buffer) => received.push(chunk));
      socket.on("end", () => socket.end());
    });
    await sendToPrinter({ host: "127.0.0.1", port }, TICKET, { checkPaper: false });
    expect(Buffer.concat(received)).toEqual(Buffer.from(TICKET));
  });

  it("sending resolves only once the printer has closed the connection, not when the bytes were written", async () => {
    const port = await rawServer((socket) => {
      socket.on("data", () => {});
      socket.on("end", () => setTimeout(() => socket.end(), 300));
    });
    const started = Date.now();
    await sendToPrinter({ host: "127.0.0.1", port }, TICKET, { checkPaper: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("a printer that resets the connection rejects with PRINTER_UNREACHABLE naming the reset", async () => {
    const port = await rawServer((socket) => socket.once("data", () => socket.resetAndDestroy()));
    const error = await rejection(sendToPrinter({ host: "127.0.0.1", port }, TICKET));
    expect(error.code).toBe("PRINTER_UNREACHABLE");
    expect(error.message).toMatch(/127\.0\.0\.1:\d+: .*(reset|closed)/);
  });
});
