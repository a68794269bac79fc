// The server as plain JavaScript for Node alone: src/server/main.ts and what it imports from this
// project, in one ES module at build/server/main.js (and the venue, backup and restore CLIs beside
// it). Packages stay imports of node_modules (the production install has them), so native modules
// (better-sqlite3, pg) and packages that find files or start worker threads of their own load as
// they do under tsx. Files the server reads at run time (venues, public images, package.json) are
// found from the project root (src/server/paths.ts), which is the nearest folder above build/server
// with a package.json.
import { rmSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_OUT_DIR = join(root, "build", "server");
export const SERVER_ENTRY = join(SERVER_OUT_DIR, "main.js");

/**
 * Builds the server into build/server/ (replacing what was there), or into the folder of `outfile`
 * (tests build a copy of their own; it must lie inside the project, where the server finds its files).
 */
export async function buildServer(outfile = SERVER_ENTRY) {
  const outdir = dirname(outfile);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      [basename(outfile, ".js")]: join(root, "src", "server", "main.ts"),
      // The CLIs too, for an install that has build/ and no sources (the container image).
      "venue-import": join(root, "src", "server", "venue", "import-cli.ts"),
      "venue-qr": join(root, "src", "server", "venue", "qr-cli.ts"),
      backup: join(root, "src", "server", "backup", "backup-cli.ts"),
      restore: join(root, "src", "server", "backup", "restore-cli.ts"),
    },
    outdir,
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: join(root, "tsconfig.server.json"),
    // For `node --enable-source-maps build/server/main.js`: stack traces at the TypeScript lines.
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
  });
}

// `node scripts/build-server.mjs [--outfile=PATH]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfileArg = process.argv.find((arg) => arg.startsWith("--outfile="));
  const outfile = outfileArg ? resolve(outfileArg.slice("--outfile=".length)) : SERVER_ENTRY;
  await buildServer(outfile);
  console.log(`server built: ${relative(process.cwd(), outfile)}`);
}
