/**
 * Which of the JavaScript loaded before the first menu item shows is never run by then (to
 * remove what the first render does not need): `npx tsx bench/first-render-coverage.ts
 * [--app-dir=DIR] [--top=N]`. It builds the app into .tmp/bench-dist (or takes DIR, a build with
 * source maps), serves it from the real server (demo venues), opens the menu page
 * (`/beach-bar/7201`) in Chromium with V8's block coverage on, stops at the first
 * `article.menu-item`, and gives every character of each loaded file to the source its source map
 * names: raw characters loaded and not run, by app module and by package. Raw, not gzip: a module
 * not run by the first render is the candidate to load later; `bench/attribute-js.ts` then gives
 * its gzip cost. Not a goal of its own, so it writes no results file.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildForBench } from "./bundle-size";
import { MENU_ITEM_SELECTOR } from "./lighthouse";
import { startRealServer } from "./servers";
import { packageOf, sourceOfEachCharacter, UNMAPPED } from "./source-owners";

const MENU_PATH = "/beach-bar/7201";

const args = process.argv.slice(2);
const optionOf = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const top = Number(optionOf("top") ?? 40);
const appDir = optionOf("app-dir") ?? ".tmp/bench-dist";
if (optionOf("app-dir") === undefined) {
  console.log(`Building the app into ${appDir} ...`);
  buildForBench(appDir);
}

interface Share {
  loaded: number;
  notRun: number;
}

/** A package or the app source a character came from. */
function ownerOf(source: string): string {
  const inPackage = packageOf(source);
  return inPackage === null ? source.replace(/^(\.\.\/)+/, "") : `package ${inPackage}`;
}

const server = await startRealServer({ logLevel: "warn", staticDir: appDir });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const byOwner = new Map<string, Share>();
const byFile: [string, Share][] = [];
/** gzip -9 of the loaded files, and of the same files without the app's characters not run. */
const gzip = { loaded: 0, withoutAppNotRun: 0 };
const gz = (text: string) => gzipSync(text, { level: 9 }).length;
try {
  const page = await browser.newPage({ locale: "el-GR", timezoneId: "Europe/Athens" });
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(server.origin + MENU_PATH);
  await page.waitForSelector(MENU_ITEM_SELECTOR, { timeout: 60_000 });
  const coverage = await page.coverage.stopJSCoverage();
  for (const script of coverage) {
    const path = new URL(script.url).pathname;
    if (!path.endsWith(".js") || path === "/sw.js" || script.source === undefined) continue;
    const code = script.source;
    // V8's block coverage: ranges nest, and an inner range (a block not run) follows its function's.
    const run = new Uint8Array(code.length).fill(1);
    for (const fn of script.functions) {
      for (const range of fn.ranges) run.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
    }
    // Rolldown's runtime chunk has no source map: all of it is "(unmapped)".
    const mapFile = join(appDir, `${path}.map`);
    const sources = sourceOfEachCharacter(code, existsSync(mapFile) ? readFileSync(mapFile, "utf8") : null);
    const file: Share = { loaded: code.length, notRun: 0 };
    let withoutAppNotRun = "";
    for (let offset = 0; offset < code.length; offset++) {
      const owner = ownerOf(sources[offset] ?? UNMAPPED);
      const share = byOwner.get(owner) ?? { loaded: 0, notRun: 0 };
      share.loaded += 1;
      const notRun = run[offset] === 0;
      if (notRun) {
        share.notRun += 1;
        file.notRun += 1;
      }
      if (!notRun || owner.startsWith("package ")) withoutAppNotRun += code[offset];
      byOwner.set(owner, share);
    }
    byFile.push([path, file]);
    gzip.loaded += gz(code);
    gzip.withoutAppNotRun += gz(withoutAppNotRun);
  }
} finally {
  await browser.close();
  await server.stop();
}

const kb = (chars: number) => (chars / 1000).toFixed(1).padStart(7);
const table = (title: string, rows: [string, Share][]) => {
  console.log(`\n${title}\n${"not run".padStart(7)} ${"loaded".padStart(7)}  (raw KB)`);
  for (const [name, share] of rows) console.log(`${kb(share.notRun)} ${kb(share.loaded)}  ${name}`);
};
const total = (rows: [string, Share][]): Share => ({
  loaded: rows.reduce((sum, [, share]) => sum + share.loaded, 0),
  notRun: rows.reduce((sum, [, share]) => sum + share.notRun, 0),
});
const byNotRun = (rows: [string, Share][]) => rows.sort(([, a], [, b]) => b.notRun - a.notRun);
const owners = [...byOwner];
table(`JS files loaded before the first menu item of ${MENU_PATH}`, byFile);
table("packages", byNotRun(owners.filter(([name]) => name.startsWith("package "))));
const appModules = byNotRun(owners.filter(([name]) => !name.startsWith("package ")));
table(`app modules (top ${top})`, appModules.slice(0, top));
table("in all", [
  ["packages", total(owners.filter(([name]) => name.startsWith("package ")))],
  ["app modules and bundler glue", total(appModules)],
]);
console.log(
  `\ngzip -9 of these files: ${kb(gzip.loaded).trim()} KB; without the app's characters not run: ${kb(gzip.withoutAppNotRun).trim()} KB`,
);
