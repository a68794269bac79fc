import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { decodeEscPos } from "./escpos-decode";
import { startFakePrinter } from "./fake-printer";
import { sendToPrinter } from "./send-to-printer";
import { testTicket } from "./test-ticket";
import { ticketBytes } from "./ticket-bytes";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Sends the packets one by one, then closes, and returns every byte the printer answered. */
async function exchange(port: number, packets: number[][]): Promise<number[]> {
  const socket = connect({ host: "127.0.0.1", port });
  const answer: number[] = [];
  socket.on("data", (chunk: Buffer) => answer.push(...chunk));
  await new Promise((resolve) => socket.once("connect", resolve));
  for (const packet of packets) {
    socket.write(Uint8Array.from(packet));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  socket.end();
  await new Promise((resolve) => socket.once("close", resolve));
  return answer;
}

describe("the fake network printer", () => {
  it("answers the paper status query with 0x12, or 0x72 when the paper is out, even split across packets", async () => {
    const printer = await startFakePrinter();
    cleanups.push(() => printer.stop());
    expect(await exchange(printer.port, [[0x10, 0x04, 0x04]])).toEqual([0x12]);
    expect(await exchange(printer.port, [[0x10], [0x04, 0x04]])).toEqual([0x12]);
    printer.setPaperOut(true);
    expect(await exchange(printer.port, [[0x10, 0x04], [0x04]])).toEqual([0x72]);
  });

  it("a connection that only asked the paper status is not a print", async () => {
    const printer = await startFakePrinter();
    cleanups.push(() => printer.stop());
    await exchange(printer.port, [[0x10, 0x04, 0x04]]);
    expect(printer.prints).toEqual([]);
  });

  it("with the paper out, what it is sent is not printed", async () => {
    const printer = await startFakePrinter({ paperOut: true });
    cleanups.push(() => printer.stop());
    await exchange(printer.port, [[...Buffer.from("hello\n")]]);
    expect(printer.prints).toEqual([]);
  });

  it("command parameters are never read as text, and a cut is recognised in each of its forms", () => {
    // ESC E 0x41 (bold), GS ! 0x41 (size), ESC t 14 (CP737), then 0x80 ('Α' in CP737), GS V 66 0x41 (feed and cut).
    const decoded = decodeEscPos(
      Uint8Array.from([0x1b, 0x45, 0x41, 0x1d, 0x21, 0x41, 0x1b, 0x74, 14, 0x80, 0x1d, 0x56, 66, 0x41]),
    );
    expect(decoded).toEqual({ codePage: "cp737", text: "Α", cut: true, bytes: 14 });
    expect(decodeEscPos(Uint8Array.from([0x41, 0x1b, 0x69])).cut).toBe(true);
    expect(decodeEscPos(Uint8Array.from([0x41])).cut).toBe(false);
  });

  it("a code page number it does not know is named, and its Greek bytes read as U+FFFD", () => {
    expect(decodeEscPos(Uint8Array.from([0x1b, 0x74, 0, 0x80]))).toEqual({
      codePage: "esc-t-0",
      text: "\uFFFD",
      cut: false,
      bytes: 4,
    });
  });

  it("run as its own process (for end-to-end tests), it appends each print to a JSON lines file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fake-printer-"));
    const out = join(dir, "prints.jsonl");
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/server/printing/fake-printer-cli.ts", "--port", "0", "--out", out],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    cleanups.push(async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    });
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`fake printer exited with ${code}`)));
    });

    await sendToPrinter({ host: "127.0.0.1", port }, ticketBytes(testTicket(), { codePage: "cp737" }));
    await sendToPrinter({ host: "127.0.0.1", port }, ticketBytes(testTicket({ copy: true }), { codePage: "cp1253" }));

    const lines = (await readFile(out, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ codePage: "cp737", cut: true });
    expect(lines[0].text).toContain("2 x Φρέντο εσπρέσο");
    expect(lines[1]).toMatchObject({ codePage: "cp1253", cut: true });
    expect(lines[1].text).toContain("ΑΝΤΙΓΡΑΦΟ / COPY");
  });
});
