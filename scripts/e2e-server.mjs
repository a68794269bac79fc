// The server the Playwright suite talks to: the real API and the built PWA, on a throwaway
// SQLite file with the demo venues, removed on exit. It never sees a DATABASE_URL.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dataDir = mkdtempSync(join(tmpdir(), "venue-e2e-"));
// DEV_OUTBOX_API: the tests read sign-in codes from GET /api/dev/outbox, as a guest reads an SMS.
// DEV_CLOCK_API: order tests put the server inside a service's hours (PUT /api/dev/clock).
// CODE_SENDS_*: every spec signs guests in from this one address; the limits have tests of their own.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_VENUES: "on",
  DEV_OUTBOX_API: "on",
  DEV_CLOCK_API: "on",
  CODE_SENDS_NEW_NUMBERS_PER_ADDRESS: "100000",
  CODE_SENDS_PER_STORE_PER_HOUR: "100000",
  CODE_SENDS_PER_HOUR: "100000",
};
delete env.DATABASE_URL;
delete env.TEST_POSTGRES_URL;

const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: "inherit" });
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
