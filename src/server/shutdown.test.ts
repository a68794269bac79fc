/**
 * Graceful shutdown of the compiled production server (`node build/server/main.js`), as a process
 * manager does it: SIGTERM to the process group, then the exit status and how long it took.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./paths";
import { openStomp } from "./realtime/test-stomp-client";
import { emptyStaticDirForFile, serverProcessEnv } from "./test-support/server-process";
import { setUpTestDatabase } from "./test-support/test-database";

const ctx = setUpTestDatabase();
const emptyStaticDir = emptyStaticDirForFile();
// Inside the project: the bundle finds the project's files from the nearest package.json above it.
const buildDir = path.join(PROJECT_ROOT, ".tmp", `shutdown-test-${process.pid}`);
const bundle = path.join(buildDir, "server", "main.js");

beforeAll(() => {
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs", `--outfile=${bundle}`], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}${built.stderr}`);
}, 60_000);
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

function startCompiledServer(): ChildProcessWithoutNullStreams {
  const env = serverProcessEnv(ctx.env, emptyStaticDir);
  // A process group of its own, as `npm start` or a container has, so the test signals the group.
  return spawn(process.execPath, [bundle], { env, cwd: PROJECT_ROOT, detached: true });
}

function waitFor(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 20);
  });
}

/**
 * A POST whose body arrives in two parts: the second only when `finish` is called. It asks for
 * 100 Continue, so `received` tells when the server has the request's head (it is in flight).
 */
function slowPost(url: string, body: string) {
  const half = Math.floor(body.length / 2);
  const req = request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const received = new Promise<void>((resolve) =>
    req.once("continue", () => {
      req.write(body.slice(0, half));
      resolve();
    }),
  );
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
  });
  req.flushHeaders();
  return { answer, received, finish: () => req.end(body.slice(half)) };
}

describe("graceful shutdown of the compiled server", () => {
  it("on SIGTERM to its process group: no new connections, the request in flight answered, the open WebSocket closed with 1012 (service restart), exit 0 within 15 s", async () => {
    const child = startCompiledServer();
    const seen = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk: Buffer) => {
      seen.stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      seen.stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await waitFor(() => /API description: http:\/\/127\.0\.0\.1:\d+/.test(seen.stdout), "the server to listen");
      const baseUrl = seen.stdout.match(/API description: (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? "";
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);

      const stomp = await openStomp(`${baseUrl.replace("http", "ws")}/api/stomp`);
      const inFlight = slowPost(
        `${baseUrl}/api/info/contact`,
        JSON.stringify({ name: "In flight", email: "inflight@example.com", message: "Sent across a restart" }),
      );
      await inFlight.received;

      const signalledAt = Date.now();
      process.kill(-(child.pid as number), "SIGTERM");
      await waitFor(() => seen.stdout.includes('"msg":"shutting down"'), "the shutdown to begin", 5000);

      expect(await stomp.closed).toBe(1012);
      expect(stomp.closeReason).toBe("server restart");
      // It takes no new connection, while the request in flight still runs.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
      inFlight.finish();
      expect(await inFlight.answer).toMatchObject({ status: 202 });

      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(15_000);
      expect(seen.stdout).toMatch(/"msg":"stopped"/);
      expect(seen.stderr).toBe("");
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid as number), "SIGKILL");
    }
  }, 60_000);
});
