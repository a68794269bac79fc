/**
 * The environment of a real server process a test starts: its own port, the test's database, no
 * built app (an empty static folder), the demo venues, and nothing of the developer's own
 * configuration (database, data folder, public address, Node options) leaking in.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** An empty static folder for the file's server processes, removed after its tests. */
export function emptyStaticDirForFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "venue-nostatic-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function serverProcessEnv(databaseEnv: NodeJS.ProcessEnv, staticDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    STATIC_DIR: staticDir,
    DEMO_VENUES: "on",
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.PUBLIC_URL;
  delete env.NODE_OPTIONS;
  return Object.assign(env, databaseEnv);
}
