/**
 * A server-rendered page starts the app after its first paint (deferred-start.ts): its HTML names
 * the build's boot entry instead of index.html's entry, and preloads none of the app's code.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFERRED_START_FILE, deferredStartOf, withDeferredStart } from "./deferred-start";
import { withRender } from "./guest-pages";

/** As the build writes it: the entry, its module preloads, the guest screens' ones. */
const SHELL = `<!doctype html><html lang="el"><head><title>app</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-1.js">
    <link rel="modulepreload" crossorigin href="/assets/preload-helper-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="modulepreload" crossorigin href="/assets/guest-menu-1.js">
  </head><body><div id="root"></div></body></html>`;
const START = { boot: "/assets/boot-1.js", imports: ["/assets/preload-helper-1.js"] };

const dirs: string[] = [];
function buildWith(named: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), "venue-dist-boot-"));
  dirs.push(dir);
  if (named !== null) writeFileSync(path.join(dir, DEFERRED_START_FILE), named);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function scriptsAndPreloads(page: string): string[] {
  return [...page.matchAll(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
}

describe("a server-rendered page's start", () => {
  it("is the boot entry with only its own imports preloaded: none of the app's code comes before the paint", () => {
    expect(scriptsAndPreloads(withDeferredStart(SHELL, START))).toEqual([
      '<script type="module" crossorigin src="/assets/boot-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/preload-helper-1.js">',
    ]);
  });

  it("keeps the shell's stylesheets, which the page's first paint needs", () => {
    expect(withDeferredStart(SHELL, START)).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });

  it("is index.html's own when the shell has no entry script as Vite writes it", () => {
    const shell = '<html><head><script type="module" src="/src/app/main.tsx"></script></head></html>';
    expect(withDeferredStart(shell, START)).toBe(shell);
  });

  it("goes into the rendered page, at low priority like every script of it", () => {
    const page = withRender(
      SHELL,
      "<main>menu</main>",
      { renderedAt: "2026-07-15T14:30:00.000Z", language: "GRE", answers: {} },
      [],
      {
        deferredStart: START,
      },
    );
    expect(scriptsAndPreloads(page)).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/boot-1.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/preload-helper-1.js">',
    ]);
  });
});

describe("the build's boot entry", () => {
  it("is read from the file the build writes beside index.html", () => {
    expect(deferredStartOf(buildWith(JSON.stringify(START)))).toEqual(START);
  });

  it("is none for a build without that file: its pages load the app as index.html does", () => {
    expect(deferredStartOf(buildWith(null))).toBeNull();
  });

  it("is none when the file names something other than a build script, which the page would run", () => {
    expect(
      deferredStartOf(buildWith(JSON.stringify({ boot: "https://elsewhere.example/x.js", imports: [] }))),
    ).toBeNull();
    expect(deferredStartOf(buildWith(JSON.stringify({ boot: '/assets/a.js"><script>', imports: [] })))).toBeNull();
    expect(deferredStartOf(buildWith(JSON.stringify({ boot: "/assets/a.js", imports: ["/x.js"] })))).toBeNull();
    expect(deferredStartOf(buildWith("{"))).toBeNull();
  });
});
