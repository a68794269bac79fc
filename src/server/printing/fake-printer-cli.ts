/**
 * A fake network printer as its own process, for end-to-end tests that run the server separately:
 *   node --import tsx src/server/printing/fake-printer-cli.ts --port 9191 --out /path/prints.jsonl [--paper-out]
 * Each print is appended to the --out file as one JSON line (a DecodedPrint). It writes
 * "fake printer listening on 127.0.0.1:PORT" to stdout once it accepts connections, and runs
 * until it is sent SIGINT or SIGTERM.
 */
import { appendFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startFakePrinter } from "./fake-printer";

const USAGE = "usage: node --import tsx src/server/printing/fake-printer-cli.ts --port PORT --out FILE [--paper-out]";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      out: { type: "string" },
      "paper-out": { type: "boolean", default: false },
    },
  });
  const port = Number(values.port);
  if (values.out === undefined || !Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const out = values.out;
  const printer = await startFakePrinter({
    port,
    paperOut: values["paper-out"],
    // Appended synchronously, so a test that sees the sender resolve finds the line on its next read.
    onPrint: (print) => appendFileSync(out, `${JSON.stringify(print)}\n`),
  });
  process.stdout.write(`fake printer listening on 127.0.0.1:${printer.port}\n`);
  const stop = () => {
    void printer.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
