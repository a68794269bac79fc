/**
 * A server-rendered page starts the app after its first paint: its HTML names the build's small
 * "boot" entry (src/app/boot.ts), which imports the app's entry (main.tsx) once the page has been
 * painted, instead of index.html's own entry and module preloads, which would fetch the app's
 * scripts alongside the HTML (ARCHITECTURE.md, "HTML first"). The build names that file in
 * DEFERRED_START_FILE beside index.html (vite.config.ts). Imports nothing of the app's, as the
 * build's config loads it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const DEFERRED_START_FILE = "server-render-boot.json";

/** The shape of DEFERRED_START_FILE: paths from the site root, e.g. "/assets/boot-abc123.js". */
export interface DeferredStart {
  /** The boot entry. */
  boot: string;
  /** What it imports statically (Vite's preload helper), preloaded beside it rather than after it. */
  imports: string[];
}

/** index.html's entry script and its module preloads, as Vite writes them. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">\n?\s*/g;

const ASSET_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

/**
 * The boot entry of the build in `staticDir`, or null when that build names none (a build from
 * before it, or none at all): its pages then load the app as index.html does.
 */
export function deferredStartOf(staticDir: string): DeferredStart | null {
  let named: Partial<DeferredStart>;
  try {
    named = JSON.parse(readFileSync(path.join(staticDir, DEFERRED_START_FILE), "utf8")) as Partial<DeferredStart>;
  } catch {
    return null;
  }
  const { boot, imports = [] } = named;
  if (typeof boot !== "string" || !ASSET_SCRIPT.test(boot)) return null;
  if (!Array.isArray(imports) || !imports.every((file) => typeof file === "string" && ASSET_SCRIPT.test(file))) {
    return null;
  }
  return { boot, imports };
}

/**
 * `shell` (index.html) with the boot entry as its only script and only its own imports preloaded:
 * the app's code is fetched when boot asks for it, after the first paint (with Vite's list of what
 * it needs, in parallel). A shell without the entry script Vite writes is left as it is.
 */
export function withDeferredStart(shell: string, { boot, imports }: DeferredStart): string {
  if (!ENTRY_SCRIPT.test(shell)) return shell;
  const preloads = imports.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  return shell
    .replace(MODULE_PRELOAD, "")
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="${boot}"></script>${preloads}`);
}
