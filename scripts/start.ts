/**
 * `npm start`: build the PWA when dist/ is missing or older than its sources, then run the server
 * (which migrates, loads the demo venues into an empty database and prints the links to open).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const BUILD_INPUTS = [
  "src/app",
  "src/domain",
  "sw",
  "locales",
  "public",
  "index.html",
  "vite.config.ts",
  "package.json",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

const builtAt = newestMtime("dist/index.html");
const changedAt = Math.max(...BUILD_INPUTS.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding the app..." : "Building the app...");
  const build = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../src/server/main");
