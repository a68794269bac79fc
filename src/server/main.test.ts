/**
 * The real process, end to end: start on a fresh database, load the demo venues, print the links,
 * answer over HTTP, and stop cleanly on SIGTERM.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./paths";
import { emptyStaticDirForFile, serverProcessEnv } from "./test-support/server-process";
import { setUpTestDatabase } from "./test-support/test-database";

const ctx = setUpTestDatabase();
const emptyStaticDir = emptyStaticDirForFile();

function startServer(): ChildProcessWithoutNullStreams {
  const env = serverProcessEnv(ctx.env, emptyStaticDir);
  return spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/main.ts")], {
    env,
    cwd: PROJECT_ROOT,
  });
}

function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  seen: { stdout: string },
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = seen.stdout.match(pattern);
      if (match) resolve(match);
    };
    child.stdout.on("data", check);
    child.on("exit", (code) =>
      reject(new Error(`server exited with ${code} before printing ${pattern}:\n${seen.stdout}`)),
    );
    check();
  });
}

describe("main: start, demo links, graceful shutdown (brief §6)", () => {
  it("prints the demo links, answers HTTP, logs JSON access lines with request ids, and exits 0 on SIGTERM", async () => {
    const child = startServer();
    const seen = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk: Buffer) => {
      seen.stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      seen.stderr += chunk.toString();
    });
    try {
      const [, baseUrl] = await waitForOutput(
        child,
        /API description: (http:\/\/127\.0\.0\.1:\d+)\/api\/docs\/json/,
        seen,
      );
      // The host it really listens on, here HOST=127.0.0.1.
      expect(seen.stdout).toMatch(/^Open http:\/\/127\.0\.0\.1:\d+\/$/m);
      for (const kind of ["table", "umbrella", "beach-chair", "room", "delivery", "pda"]) {
        expect(seen.stdout).toMatch(
          new RegExp(
            `^ {4}${kind}\\s+http://127\\.0\\.0\\.1:\\d+/menu/\\d+ {2}\\(.+\\) {2}(open now: .+|closed now)$`,
            "m",
          ),
        );
      }
      expect(seen.stdout).toMatch(/\/pin$/m);

      const tableUrl = seen.stdout.match(/table\s+(http:\S+)/)?.[1] ?? "";
      const tableId = tableUrl.split("/").pop();
      const api = baseUrl?.replace("localhost", "127.0.0.1");
      const read = await fetch(`${api}/api/tables/${tableId}`, { headers: { "x-request-id": "main-test-read" } });
      expect(read.status).toBe(200);
      expect(read.headers.get("x-request-id")).toBe("main-test-read");
      const write = await fetch(`${api}/api/info/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": "main-test-write" },
        body: JSON.stringify({ name: "Test", email: "test@example.com", message: "Hello" }),
      });
      expect(write.status).toBe(202);

      const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exit).toBe(0);

      const logLines = seen.stdout.split("\n").filter((line) => line.startsWith("{"));
      const logs = logLines.map((line) => JSON.parse(line));
      // At info a write is logged with its request id; a successful read is not (it is at debug).
      expect(
        logs.some((l) => l.reqId === "main-test-write" && l.msg === "request completed" && l.statusCode === 202),
      ).toBe(true);
      expect(logs.some((l) => l.reqId === "main-test-read")).toBe(false);
      expect(logs.some((l) => l.msg === "shutting down" && l.signal === "SIGTERM")).toBe(true);
      expect(seen.stderr).toBe("");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
