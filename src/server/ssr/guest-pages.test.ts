/**
 * Server-rendered guest pages, with the app's real render built from its sources
 * (`vite build --ssr`, as `npm run build` does) and the fixture venue: store 1, spot 200, its
 * beach bar (Freddo espresso at 3,50 €).
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_RENDER_DATA_ID, type ServerRenderData } from "../../domain/server-render";
import { PROJECT_ROOT } from "../paths";
import { signInStaff } from "../realtime/test-orders";
import { sampleVenue } from "../test-fixtures/venue";
import { authHeaders } from "../test-support/accounts";
import { FIXTURE } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { withRender } from "./guest-pages";
import { SCREEN_STYLES_FILE } from "./screen-styles";

const SHELL = '<!doctype html><html lang="el"><head><title>app</title></head><body><div id="root"></div></body></html>';
const html = { accept: "text/html" };

const work = path.join(PROJECT_ROOT, ".tmp", `guest-pages-test-${process.pid}`);
const renderDir = path.join(work, "ssr");
const staticDir = mkdtempSync(path.join(tmpdir(), "venue-dist-"));
writeFileSync(path.join(staticDir, "index.html"), SHELL);
/** The info pages' own stylesheet, as the browser's build lists it (screen-styles.ts). */
const INFO_STYLESHEET = "/assets/info-test.css";
writeFileSync(path.join(staticDir, SCREEN_STYLES_FILE), JSON.stringify({ info: [INFO_STYLESHEET] }));

beforeAll(() => {
  mkdirSync(work, { recursive: true });
  const vite = path.join(PROJECT_ROOT, "node_modules", "vite", "bin", "vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--ssr", "--outDir", renderDir, "--logLevel", "error"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
    // As `npm run build` runs it: not in vitest's NODE_ENV=test, which would compile JSX for
    // React's development build.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error(`vite build --ssr failed:\n${build.stderr}`);
}, 180_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(staticDir, { recursive: true, force: true });
});

const ctx = setUpTestDatabase();
beforeAll(async () => {
  await importFixture(ctx.db);
});
const server = setUpTestApp(() => ctx.db, {
  staticDir,
  serverRenderModule: path.join(renderDir, "render-guest-page.js"),
});

/** The page's text outside any script: what a guest reads before scripts run. */
function readableText(page: string): string {
  return page
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

function embeddedData(page: string): ServerRenderData {
  const match = new RegExp(`<script type="application/json" id="${SERVER_RENDER_DATA_ID}">(.*?)</script>`).exec(page);
  if (!match?.[1]) throw new Error("the page carries no data");
  return JSON.parse(match[1]);
}

describe("server-rendered guest pages", () => {
  it("a service's menu is HTML with its store, items and prices, and carries the API's own answers", async () => {
    const response = await server.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const text = readableText(response.body);
    expect(text).toContain("Sample Beach 1");
    expect(text).toContain("Φρέντο εσπρέσο");
    expect(text).toContain("3,50 €");
    const menu = await server.app.inject({ method: "GET", url: "/api/tables/200/menus/beach-bar" });
    const table = await server.app.inject({ method: "GET", url: "/api/tables/200" });
    expect(embeddedData(response.body).answers).toEqual({
      "tables/200": { status: 200, body: table.json() },
      "tables/200/menus/beach-bar": { status: 200, body: menu.json() },
    });
    // No script of the page's own runs inline: the CSP (script-src 'self') would refuse it.
    expect(response.body.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []).toEqual([]);
    expect(response.body).not.toMatch(/ style="/);
  });

  it("a spot's services page is HTML with the store and its services", async () => {
    const response = await server.app.inject({ method: "GET", url: "/menu/200", headers: html });
    expect(response.statusCode).toBe(200);
    const text = readableText(response.body);
    expect(text).toContain("Sample Beach 1");
    expect(text).toContain("Beach bar");
    expect(response.body).toContain('href="/beach-bar/200"');
  });

  it("spec §4: a device that chose English, or an extra menu language, gets the page in it, kept apart from the Greek one", async () => {
    const greek = await server.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    const english = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { ...html, cookie: "acceptedCookies=true; language=ENG" },
    });
    expect(english.statusCode).toBe(200);
    expect(english.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(readableText(english.body)).toContain("Freddo espresso");
    expect(readableText(english.body)).not.toContain("Φρέντο εσπρέσο");
    expect(embeddedData(english.body).language).toBe("ENG");
    expect(english.headers.etag).not.toBe(greek.headers.etag);
    // A cache between the guest and the server must not hand one language's page to another device.
    expect(english.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(greek.body).toMatch(/^<!doctype html><html lang="el">/);
    expect(readableText(greek.body)).toContain("Φρέντο εσπρέσο");

    // An extra menu language: English interface, the item's Italian name marked as Italian.
    const italian = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { ...html, cookie: "language=GRE; extraLanguage=ITA" },
    });
    expect(italian.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(italian.body).toMatch(/<button[^>]* lang="it"[^>]*>Freddo espresso</);
    expect(embeddedData(italian.body).language).toBe("ITA");

    // Bad input: an unknown language is the default's page.
    const unknown = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { ...html, cookie: "language=KLINGON" },
    });
    expect(unknown.headers.etag).toBe(greek.headers.etag);
  });

  it("spec §2 brand=dark is rendered (the dark language picker); any other query is the same page as none", async () => {
    const dark = await server.app.inject({ method: "GET", url: "/menu/200?brand=dark", headers: html });
    expect(dark.body).toContain("language-button--dark");
    const plain = await server.app.inject({ method: "GET", url: "/menu/200", headers: html });
    const tagged = await server.app.inject({ method: "GET", url: "/menu/200?utm_source=qr", headers: html });
    expect(plain.body).toContain("language-button--light");
    expect(tagged.headers.etag).toBe(plain.headers.etag);
  });

  it("a repeat visit of an unchanged menu is a 304, in the coding the browser accepts", async () => {
    const first = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { ...html, "accept-encoding": "br, gzip" },
    });
    expect(first.headers["content-encoding"]).toBe("br");
    const etag = String(first.headers.etag);
    const repeat = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { ...html, "accept-encoding": "br, gzip", "if-none-match": etag },
    });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe("");
  });

  it("a catalogue change is in the next page at once: new price, new ETag", async () => {
    const before = await server.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    const venue = sampleVenue();
    const coffee = venue.services[0]?.categories[0]?.items[0];
    if (!coffee) throw new Error("the fixture has no first item");
    coffee.priceCents = 420;
    await importFixture(ctx.db, venue);
    const after = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { ...html, "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(readableText(after.body)).toContain("4,20 €");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await importFixture(ctx.db);
  });

  it("a back-office edit is in the next page at once, as an import's is", async () => {
    const before = await server.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    expect(readableText(before.body)).toContain("2,50 €");
    const admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
    const edit = await server.app.inject({
      method: "PATCH",
      url: `/api/staff/stores/${FIXTURE.storeId}/items/${FIXTURE.greekCoffee}`,
      headers: { ...admin, "idempotency-key": randomUUID() },
      payload: { priceCents: 330 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { ...html, "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(readableText(after.body)).toContain("3,30 €");
    expect(readableText(after.body)).not.toContain("2,50 €");
    await importFixture(ctx.db);
  });

  it("bad input: an unknown spot or service is the not-found page, server-rendered with 404", async () => {
    for (const url of ["/menu/999999", "/no-such-service/200"]) {
      const response = await server.app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(readableText(response.body), url).toContain("Δεν βρήκαμε αυτή τη σελίδα");
    }
  });

  it("an info page is HTML with its document, styled by its own stylesheet; isApplication=true renders without the site's header", async () => {
    const response = await server.app.inject({ method: "GET", url: "/info/terms-of-service", headers: html });
    expect(response.statusCode).toBe(200);
    expect(readableText(response.body)).toContain("Όροι χρήσης");
    expect(response.body).toContain(`<link rel="stylesheet" crossorigin href="${INFO_STYLESHEET}">`);
    expect(embeddedData(response.body).answers).toEqual({});
    const inApp = await server.app.inject({
      method: "GET",
      url: "/info/terms-of-service?isApplication=true&utm_source=app",
      headers: html,
    });
    expect(inApp.statusCode).toBe(200);
    expect(readableText(inApp.body)).toContain("Όροι χρήσης");
    expect(inApp.body).not.toContain('class="site-header"');
    expect(response.body).toContain('class="site-header"');
    const menu = await server.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    expect(menu.body).not.toContain(INFO_STYLESHEET);
  });

  it("bad input: an unknown info page is the not-found page, server-rendered with 404", async () => {
    const response = await server.app.inject({ method: "GET", url: "/info/no-such-page", headers: html });
    expect(response.statusCode).toBe(404);
    expect(readableText(response.body)).toContain("Δεν βρήκαμε αυτή τη σελίδα");
  });

  it("a menu of a store in read-only mode renders its banner", async () => {
    const venue = sampleVenue({ storeId: 2, idOffset: 10_000 });
    venue.store.readOnly = true;
    await importFixture(ctx.db, venue);
    const response = await server.app.inject({ method: "GET", url: "/beach-bar/10200", headers: html });
    expect(response.statusCode).toBe(200);
    expect(readableText(response.body)).toContain(
      "Ο κατάλογος αυτός είναι μόνο για προβολή· παραγγείλτε από το προσωπικό.",
    );
  });

  it("a waiter's PDA spot is not server-rendered: its staff shell is the device's to render", async () => {
    const response = await server.app.inject({ method: "GET", url: "/menu/205", headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it("the screens past the menu, and requests that are not page loads, are not server-rendered", async () => {
    const cart = await server.app.inject({ method: "GET", url: "/beach-bar/200/cart", headers: html });
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toBe(SHELL);
    const json = await server.app.inject({
      method: "GET",
      url: "/beach-bar/200",
      headers: { accept: "application/json" },
    });
    expect(json.statusCode).toBe(404);
  });
});

describe("server-rendered guest pages: open, closed and happy hour at the server's minute", () => {
  // The fixture's beach bar: open 09:00-02:00, happy hour 18:00-20:00 at -20% (Athens, UTC+3).
  let clock = new Date("2026-07-15T15:30:20Z");
  const timed = setUpTestApp(() => ctx.db, {
    staticDir,
    serverRenderModule: path.join(renderDir, "render-guest-page.js"),
    now: () => clock,
  });

  it("at 18:30 the beach bar is open and its menu shows happy-hour prices, decided at the minute", async () => {
    const page = await timed.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    expect(embeddedData(page.body).renderedAt).toBe("2026-07-15T15:30:00.000Z");
    expect(readableText(page.body)).toContain("2,80 €");
    const services = await timed.app.inject({ method: "GET", url: "/menu/200", headers: html });
    expect(readableText(services.body)).toContain("Ανοιχτό τώρα");
  });

  it("at 02:30 it is closed; a new minute is a new page", async () => {
    const before = await timed.app.inject({ method: "GET", url: "/menu/200", headers: html });
    clock = new Date("2026-07-15T23:30:00Z");
    const after = await timed.app.inject({ method: "GET", url: "/menu/200", headers: html });
    expect(readableText(after.body)).toContain("Κλειστό τώρα, ανοίγει στις 09:00");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe("server-rendered guest pages: a render that fails or is late", () => {
  const renders = path.join(tmpdir(), `guest-page-renders-${process.pid}`);
  mkdirSync(renders, { recursive: true });
  // The edge that cannot fail on demand otherwise: the render module itself.
  writeFileSync(path.join(renders, "late.mjs"), "export const renderGuestPage = () => new Promise(() => {});");
  writeFileSync(
    path.join(renders, "failing.mjs"),
    'export const renderGuestPage = async () => { throw new Error("boom"); };',
  );
  afterAll(() => rmSync(renders, { recursive: true, force: true }));
  const late = setUpTestApp(() => ctx.db, { staticDir, serverRenderModule: path.join(renders, "late.mjs") });
  const failing = setUpTestApp(() => ctx.db, { staticDir, serverRenderModule: path.join(renders, "failing.mjs") });

  it("a render that takes too long gives the plain shell within about a second", async () => {
    const started = performance.now();
    const response = await late.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("a render that fails gives the plain shell", async () => {
    const response = await failing.app.inject({ method: "GET", url: "/beach-bar/200", headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });
});

describe("the page's data beside its HTML", () => {
  it("no text in an answer can end the script element that carries it", () => {
    const page = withRender(SHELL, "<p>menu</p>", {
      renderedAt: "2026-07-15T14:30:00.000Z",
      language: "GRE",
      answers: { "tables/1": { status: 200, body: { name: "</script><script>alert(1)</script>" } } },
    });
    expect(page).not.toContain("</script><script>alert(1)");
    expect(page).toContain("\\u003c/script>");
    const data = /<script type="application\/json" id="[^"]+">(.*?)<\/script>/.exec(page)?.[1] ?? "";
    expect(JSON.parse(data).answers["tables/1"].body.name).toBe("</script><script>alert(1)</script>");
  });

  it("the guest screens' stylesheet that the shell preloads is applied: the HTML is styled before any script", () => {
    const shell = SHELL.replace(
      "</head>",
      '<link rel="preload" as="style" crossorigin href="/assets/guest-menu-1.css"></head>',
    );
    const page = withRender(shell, "<main>menu</main>", {
      renderedAt: "2026-07-15T14:30:00.000Z",
      language: "GRE",
      answers: {},
    });
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/guest-menu-1.css">');
    expect(page).not.toContain('rel="preload" as="style"');
  });

  it("the app's scripts are asked for at low priority: the page reads without them, its photos go first", () => {
    const shell = SHELL.replace(
      "</head>",
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/guest-menu-1.js"></head>',
    );
    const page = withRender(shell, "<main>menu</main>", {
      renderedAt: "2026-07-15T14:30:00.000Z",
      language: "GRE",
      answers: {},
    });
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/guest-menu-1.js">');
  });

  it("resources React hoisted to the start of the render go to the head", () => {
    const page = withRender(SHELL, '<link rel="preload" as="image" href="/a.svg"/><main>menu</main>', {
      renderedAt: "2026-07-15T14:30:00.000Z",
      language: "GRE",
      answers: {},
    });
    expect(page).toContain('<link rel="preload" as="image" href="/a.svg"/></head>');
    expect(page).toContain('<div id="root"><main>menu</main></div>');
  });
});
