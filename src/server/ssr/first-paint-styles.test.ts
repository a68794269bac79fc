/**
 * A server-rendered page's stylesheets inline (first-paint-styles.ts), and the CSP that allows
 * exactly them: style-src 'self' and the hash of that one text, never 'unsafe-inline'.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { firstPaintStylesOf } from "./first-paint-styles";
import { withRender } from "./guest-pages";

const BASE_CSS = ":root{--sea:#0e6b73}\r\nbody{margin:0}";
const MENU_CSS = ".menu-item{display:grid}";
/** As the build writes it: the entry's stylesheet applied, the guest screens' one preloaded. */
const SHELL =
  '<!doctype html><html lang="el"><head><title>app</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/guest-menu-1.js">' +
  '<link rel="preload" as="style" crossorigin href="/assets/guest-menu-1.css">' +
  '</head><body><div id="root"></div></body></html>';

const dirs: string[] = [];
function builtApp(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "venue-dist-styles-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
const dist = builtApp({
  "index.html": SHELL,
  "assets/index-1.css": BASE_CSS,
  "assets/guest-menu-1.css": MENU_CSS,
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What a browser hashes: the element's text after the HTML parser turned CRLF into LF. */
function sha256Of(text: string): string {
  return `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`;
}

/** A menu page made from the shell with the build's styles inline. */
function menuPageWithInlineStyles(): string {
  const styles = firstPaintStylesOf(dist);
  if (!styles) throw new Error("no styles read");
  return withRender(
    SHELL,
    "<main>menu</main>",
    { renderedAt: "2026-07-15T14:30:00.000Z", language: "GRE", answers: {} },
    [],
    { styles },
  );
}

describe("a server-rendered page's stylesheets", () => {
  it("come inline in the shell's order where it linked them, so the first paint waits for no request", () => {
    const page = menuPageWithInlineStyles();
    const inline = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1];
    expect(inline).toBe(`${BASE_CSS}${MENU_CSS}`.replace(/\r\n/g, "\n"));
    expect(page.indexOf("<style>")).toBeLessThan(page.indexOf("/assets/index-1.css"));
    expect(page).not.toContain('rel="preload" as="style"');
  });

  it("keep their links, disabled: nothing is fetched, and Vite's preload helper finds them applied", () => {
    const page = menuPageWithInlineStyles();
    const links = [...page.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/guest-menu-1.css" disabled>',
    ]);
  });

  it("are linked as before when a text would end the style element early", () => {
    const dir = builtApp({
      "index.html": SHELL,
      "assets/index-1.css": 'body{content:"</style><script>"}',
      "assets/guest-menu-1.css": MENU_CSS,
    });
    expect(firstPaintStylesOf(dir)).toBeNull();
  });

  it("are linked as before when a stylesheet the shell links is missing", () => {
    expect(firstPaintStylesOf(builtApp({ "index.html": SHELL, "assets/index-1.css": BASE_CSS }))).toBeNull();
  });
});

describe("the CSP of an app whose pages carry their styles inline", () => {
  const ctx = setUpTestDatabase();
  const server = setUpTestApp(() => ctx.db, { staticDir: dist });

  it("style-src allows 'self' and the hash of exactly that text, never 'unsafe-inline'", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/utils/date" });
    const policy = String(response.headers["content-security-policy"]);
    const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(policy)?.[1]?.split(" ");
    expect(styleSrc).toEqual(["'self'", sha256Of(`${BASE_CSS}${MENU_CSS}`)]);
    expect(policy).not.toMatch(/unsafe-/);
  });
});
