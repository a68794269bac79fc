// `npm start`: build the PWA (dist/) and the server (build/server/) when missing or older than their
// sources, then run the compiled server with Node alone (it migrates, loads the demo venues into an
// empty database and prints the links to open). The server runs in this process, so a signal to
// `npm start` reaches it directly and its exit status is the command's.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const APP_INPUTS = ["src/app", "src/domain", "sw", "locales", "public", "index.html", "vite.config.ts", "package.json"];
const SERVER_INPUTS = ["src/server", "src/domain", "tsconfig.server.json", "scripts/build-server.mjs", "package.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** When `output` is missing or older than the newest of `inputs`, what to say before building it. */
function staleness(output, inputs, what) {
  const builtAt = newestMtime(join(root, output));
  const changedAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
  if (builtAt >= changedAt) return null;
  return builtAt ? `Sources changed since the last build: rebuilding the ${what}...` : `Building the ${what}...`;
}

const appStale =
  staleness("dist/index.html", APP_INPUTS, "app") ?? staleness("build/ssr/render-guest-page.js", APP_INPUTS, "app");
if (appStale) {
  console.log(appStale);
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");
  // The browser's build, then the server's render of the guest pages from the same sources.
  for (const ssr of [[], ["--ssr"]]) {
    const build = spawnSync(process.execPath, [vite, "build", ...ssr, "--logLevel", "warn"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const serverStale = staleness("build/server/main.js", SERVER_INPUTS, "server");
if (serverStale) {
  console.log(serverStale);
  // Imported only here: a production install that ships build/ does not need the bundler.
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
}

await import(pathToFileURL(join(root, "build", "server", "main.js")).href);
