/** Runs Debian's wrk (installing it when we are root on Debian) and reads its summary. */
import { execFileSync, spawn, spawnSync } from "node:child_process";

export interface WrkResult {
  requestsPerSecond: number;
  /** Requests completed in the run. */
  requests: number;
  /** The server's CPU time per request in this run (µs), when the bench could read it. */
  cpuMicrosPerRequest?: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers other than 2xx/3xx, plus socket errors: a run with any of them is not valid. */
  failures: number;
}

export function ensureWrk(): void {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("apt-get", ["--version"]).error === undefined;
  if (!isRoot || !hasApt) {
    throw new Error("The throughput bench needs wrk: install it (Debian/Ubuntu: sudo apt-get install wrk) and rerun.");
  }
  console.log("Installing wrk with apt-get...");
  execFileSync("apt-get", ["install", "-y", "-qq", "wrk"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

export interface WrkOptions {
  url: string;
  seconds: number;
  connections: number;
  /** One thread: on 2 cores, wrk gets one and the server under test the other. */
  threads: number;
  /** Request headers, e.g. Accept-Encoding to receive what a browser receives. */
  headers?: Readonly<Record<string, string>>;
}

export function runWrk({ url, seconds, connections, threads, headers = {} }: WrkOptions): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--latency", ...headerArgs, url];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    // wrk stops by itself; this only guards the bench's total duration against a hung run.
    const guard = setTimeout(() => child.kill("SIGKILL"), (seconds + 15) * 1000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(guard);
      if (code !== 0) reject(new Error(`wrk ${args.join(" ")} exited with ${code}:\n${output}`));
      else resolve(parseWrk(output));
    });
  });
}

export function parseWrk(output: string): WrkResult {
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  if (!Number.isFinite(requestsPerSecond)) throw new Error(`Cannot read wrk's output:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors:(.*)/
    .exec(output)?.[1]
    ?.match(/\d+/g)
    ?.reduce((sum, count) => sum + Number(count), 0);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN);
  return {
    requestsPerSecond,
    requests,
    latencyP50Ms: latencyMs(output, "50%"),
    latencyP99Ms: latencyMs(output, "99%"),
    failures: non2xx + (socketErrors ?? 0),
  };
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latencyMs(output: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(output);
  return match?.[1] && match[2] ? Number(match[1]) * (UNIT_MS[match[2]] ?? Number.NaN) : Number.NaN;
}
