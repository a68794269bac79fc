/**
 * The two servers the throughput bench compares, both on loopback only: the real API (src/server
 * on a throwaway SQLite directory with the demo venues) and a bare node:http server that answers
 * with the very bytes and headers the real one sent.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const LOOPBACK = "127.0.0.1";

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
  /**
   * CPU time the server's process has used so far (user + system, microseconds). Per request it
   * drifts far less than requests/s when other work shares the cores.
   */
  cpuMicros?(): number;
}

/**
 * The V8 flags `npm start` runs the server with (package.json "start" in `root`, e.g. the young
 * generation's size), so that a bench measures the server as a venue runs it, and a baseline
 * checkout as it ran then.
 */
export function productionNodeFlags(root: string = process.cwd()): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts?: { start?: string } };
  return (manifest.scripts?.start ?? "").split(/\s+/).filter((word) => /^--max-[a-z-]+=\d+$/.test(word));
}

/** Linux: a process's user + system time from /proc/<pid>/stat, in microseconds. */
function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / CLOCK_TICKS_PER_SECOND) * 1_000_000;
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A port the kernel just gave out; closed again so that a server can take it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** One GET as wrk sends it: no Accept-Encoding, keep-alive. */
export function get(url: string): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { connection: "keep-alive" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: flatten(res.headers), body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.setTimeout(5_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.end();
  });
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

/** Starts `src/server/main.ts` the way production does, and waits for /api/health. */
export async function startRealServer(options: {
  logLevel: string;
  staticDir?: string;
  /** Another checkout whose src/server/main.ts to run (a before/after pair); default: this one. */
  cwd?: string;
  /** More environment for the server (dev APIs, limits), over the defaults below. */
  env?: NodeJS.ProcessEnv;
  /** Runs on the empty data directory before the server starts (e.g. imports the bench's venues). */
  prepare?: (dataDir: string) => Promise<void>;
}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "venue-bench-"));
  try {
    await options.prepare?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    DEMO_VENUES: "on",
    LOG_LEVEL: options.logLevel,
    NODE_ENV: "production",
    ...options.env,
  };
  // The built app the server sends (the Lighthouse bench builds into its own directory).
  if (options.staticDir) env.STATIC_DIR = options.staticDir;
  // The bench always runs on its own SQLite file, never on a database named in the environment.
  delete env.DATABASE_URL;
  delete env.TEST_POSTGRES_URL;
  const child = spawn(
    process.execPath,
    [...productionNodeFlags(options.cwd), "--import", "tsx", "src/server/main.ts"],
    {
      cwd: options.cwd,
      env,
      // Logs go nowhere (as to a log shipper); stderr is kept to explain a failed start.
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const origin = `http://${LOOPBACK}:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(origin, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = child.pid;
  return { origin, stop, cpuMicros: pid === undefined ? undefined : () => processCpuMicros(pid) };
}

async function waitUntilHealthy(origin: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${stderr()}`);
    const healthy = await get(`${origin}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health within 60 s:\n${stderr()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Headers node:http sets per response on its own; everything else is copied byte for byte. */
const PER_CONNECTION_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** A bare node:http server that replays one captured response for every request. */
export async function startBareServer(captured: CapturedResponse): Promise<RunningServer> {
  const headers = Object.fromEntries(
    Object.entries(captured.headers).filter(([name]) => !PER_CONNECTION_HEADERS.has(name)),
  );
  headers["content-length"] = String(captured.body.length);
  const server: Server = createServer((_req, res) => {
    res.writeHead(captured.status, headers);
    res.end(captured.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return {
    origin: `http://${LOOPBACK}:${port}`,
    // In the bench's own process: its other work (starting wrk, reading its output) is small beside this.
    cpuMicros: () => {
      const usage = process.cpuUsage();
      return usage.user + usage.system;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
