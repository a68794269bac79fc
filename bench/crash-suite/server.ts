/**
 * The real server process of the crash suite: src/server/main.ts on a throwaway SQLite directory (or
 * a PostgreSQL database), with the dev clock and outbox APIs, started again on the same port and
 * data after each kill -9.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { LOOPBACK } from "../servers";

/** Short job knobs, so a killed process's claimed jobs are taken over within seconds. */
const JOB_ENV = { JOB_LEASE_MS: "3000", JOB_POLL_INTERVAL_MS: "250", JOB_RETRY_INITIAL_MS: "200" };

export class CrashableServer {
  #child: ChildProcess | null = null;
  readonly origin: string;

  constructor(
    readonly port: number,
    readonly dataDir: string,
    /** The checkout whose server runs (default: this one); another one to compare (e.g. main). */
    readonly root: string = process.cwd(),
    /** The server's DATABASE_URL; undefined: SQLite in dataDir. */
    readonly databaseUrl?: string,
  ) {
    this.origin = `http://${LOOPBACK}:${port}`;
  }

  /** Starts the process and waits until /api/health answers; returns how long that took (ms). */
  async start(): Promise<number> {
    const started = Date.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...JOB_ENV,
      PORT: String(this.port),
      HOST: LOOPBACK,
      DATA_DIR: this.dataDir,
      STATIC_DIR: "/nonexistent",
      DEMO_VENUES: "on",
      DEV_OUTBOX_API: "on",
      DEV_CLOCK_API: "on",
      LOG_LEVEL: "error",
      // A few guests place hundreds of orders: far past a real guest's limits.
      GUEST_ORDERS_PER_10_MINUTES: "1000000",
      GUEST_ORDERS_PER_DAY: "1000000",
    };
    delete env.DATABASE_URL;
    delete env.TEST_POSTGRES_URL;
    if (this.databaseUrl !== undefined) env.DATABASE_URL = this.databaseUrl;
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
      cwd: this.root,
    });
    this.#child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${this.origin}/api/health`, { signal: AbortSignal.timeout(1000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the server did not answer /api/health within 60 s");
  }

  /** kill -9: no shutdown hook runs, in-flight requests and in-memory work are lost. */
  async kill(): Promise<void> {
    await this.#signal("SIGKILL");
  }

  /** SIGTERM: the graceful shutdown (the job worker stops, the database closes). */
  async stop(): Promise<void> {
    await this.#signal("SIGTERM");
  }

  async #signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.#child;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
    this.#child = null;
  }
}
