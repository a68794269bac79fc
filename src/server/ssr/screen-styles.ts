/**
 * The stylesheets a server-rendered screen needs besides those index.html links (domain/
 * server-render.ts extraStylesOf): the build lists them from its chunks (vite.config.ts) in
 * SCREEN_STYLES_FILE beside index.html, and the server links them in that screen's HTML
 * (guest-pages.ts). The info pages' styles come with their lazy code in the browser; a page
 * rendered on the server must be styled before any script. Imports nothing of the app's, as the
 * build's config loads it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const SCREEN_STYLES_FILE = "server-render-styles.json";

/** The shape of SCREEN_STYLES_FILE: stylesheet paths from the site root, per screen. */
export interface ScreenStyles {
  info: string[];
}

/** What the list needs of an output chunk of the browser's build (a subset of Rolldown's). */
export interface ChunkFacts {
  fileName: string;
  imports: readonly string[];
  /** The stylesheets the chunk's modules import. */
  css: readonly string[];
  moduleIds: readonly string[];
}

/** The modules of the info pages' screens, whose chunks' stylesheets their HTML links. */
const INFO_SCREEN_MODULE = /[\\/]src[\\/]app[\\/]features[\\/]info[\\/]Info(Page|Index)\.tsx$/;

/**
 * The stylesheets of the chunks holding a module `isScreenModule` matches and of every chunk they
 * import statically, as paths from the site root, without those of `linked` (index.html's).
 */
export function stylesheetsOf(
  chunks: readonly ChunkFacts[],
  isScreenModule: (id: string) => boolean,
  linked: ReadonlySet<string>,
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ChunkFacts | undefined) => {
    if (chunk === undefined || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.css) if (!linked.has(file)) css.add(`/${file}`);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  for (const chunk of chunks) if (chunk.moduleIds.some(isScreenModule)) visit(chunk);
  return [...css].sort();
}

/** What the build writes into SCREEN_STYLES_FILE. */
export function screenStyles(chunks: readonly ChunkFacts[], linked: ReadonlySet<string>): ScreenStyles {
  return { info: stylesheetsOf(chunks, (id) => INFO_SCREEN_MODULE.test(id), linked) };
}

/** The build's SCREEN_STYLES_FILE in `staticDir`; none listed when that build has no such file. */
export function readScreenStyles(staticDir: string): ScreenStyles {
  const file = path.join(staticDir, SCREEN_STYLES_FILE);
  if (!existsSync(file)) return { info: [] };
  return JSON.parse(readFileSync(file, "utf8")) as ScreenStyles;
}
