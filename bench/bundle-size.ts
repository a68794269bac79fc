/**
 * How much JavaScript a guest downloads before the menu of a service shows: the entry script of
 * index.html, its modulepreload links, the menu route's lazy chunk(s) with their static imports, and the Greek catalog.
 * Measured as gzip level 9 of each file, the way a static server would send it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SizedFile {
  file: string;
  /** Why the menu page loads it. */
  reason: "entry" | "modulepreload" | "menu route" | "catalog";
  bytes: number;
  gzipBytes: number;
}

export interface MenuJsSize {
  files: SizedFile[];
  totalBytes: number;
  totalGzipBytes: number;
  /** Manifest keys of the route chunks counted as the menu route. */
  menuRouteChunks: string[];
}

/** Builds the app into its own directory (dist/ stays as it is) with Vite's manifest. */
export function buildForBench(outDir: string): void {
  const build = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--outDir", outDir, "--emptyOutDir", "--manifest", "--logLevel", "warn"],
    { stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
}

/** The catalog loaded before the first render of a guest with the default language (Greek). */
const DEFAULT_CATALOG = "locales/el/messages.po";

/**
 * The route files that render /:service/:tableId (the menu of a service): the root, the service
 * layout and its index page. BENCH_MENU_ROUTE="a.tsx,b.tsx" names others when the routes move.
 */
export const MENU_ROUTE_FILES = (
  process.env.BENCH_MENU_ROUTE ?? "__root.tsx,$service.$tableId.tsx,$service.$tableId.index.tsx"
)
  .split(",")
  .map((file) => file.trim())
  .filter(Boolean);

/** The Rolldown group that holds the guest's services and menu screens (vite.config.ts). */
export const GUEST_MENU_CHUNK = "guest-menu";

/**
 * Whether a lazy chunk (TanStack Router splits a route's component into `<file>?tsr-split=...`)
 * belongs to them, or the guest-menu group chunk that the route components were merged into.
 */
export function isMenuRouteChunk(key: string, chunk: ManifestChunk, routeFiles = MENU_ROUTE_FILES): boolean {
  if (chunk.name === GUEST_MENU_CHUNK && chunk.file.endsWith(".js")) return true;
  const [path = ""] = (chunk.src ?? key).split("?");
  return chunk.isDynamicEntry === true && routeFiles.some((file) => path === `src/app/routes/${file}`);
}

export function measureMenuJs(outDir: string): MenuJsSize {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const manifestPath = join(outDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with --manifest`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

  const reasons = new Map<string, SizedFile["reason"]>();
  const entry = /<script[^>]*type="module"[^>]*src="\/?([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error("index.html has no module entry script");
  reasons.set(entry, "entry");
  for (const [, file] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g)) {
    if (file && !reasons.has(file)) reasons.set(file, "modulepreload");
  }

  const menuRouteChunks = Object.keys(manifest).filter((key) => {
    const chunk = manifest[key];
    return chunk !== undefined && isMenuRouteChunk(key, chunk);
  });
  if (menuRouteChunks.length === 0) {
    throw new Error(`No lazy chunk of ${MENU_ROUTE_FILES.join(", ")} in the build manifest: set BENCH_MENU_ROUTE`);
  }
  for (const file of staticClosure(manifest, menuRouteChunks)) {
    if (!reasons.has(file)) reasons.set(file, "menu route");
  }

  // main.tsx activates the guest's catalog before the first render; Greek is the default language.
  // It is part of the entry (no chunk of its own); an older build may have it separate.
  const catalog = Object.keys(manifest).find((key) => key.endsWith(DEFAULT_CATALOG));
  for (const file of catalog ? staticClosure(manifest, [catalog]) : []) {
    if (!reasons.has(file)) reasons.set(file, "catalog");
  }

  const files = [...reasons].map(([file, reason]) => {
    const content = readFileSync(join(outDir, file));
    return { file, reason, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return {
    files,
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    menuRouteChunks,
  };
}

/** The output files of these chunks and of everything they import statically (not lazily). */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    if (chunk.file.endsWith(".js")) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}
