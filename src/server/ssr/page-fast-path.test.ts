/**
 * Kept guest pages answered before Fastify (page-fast-path.ts, http/front-door.ts; the goal: a kept
 * page >= 0.8x the menu API): the same answers as the 404 handler's (plugins/not-found.ts), and
 * Fastify for everything it would answer otherwise. Over real sockets: app.inject never reaches
 * the HTTP server. The render is a stand-in that writes its address (the app's own is
 * guest-pages.test.ts's): what is checked here is which answer a kept page gets, not its HTML; the
 * page carries the API's answers beside it either way, so a price change shows in its bytes.
 * Fixture venue: spot 200 with its beach bar (Freddo espresso at 350 cents), 205 a waiter's PDA.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { openDurableSqlite } from "../db/database";
import { sampleVenue } from "../test-fixtures/venue";
import { lasting, send } from "../test-support/raw-request";
import { importFixture } from "../test-support/seed";
import { buildTestApp, type TestAppOptions } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const ctx = setUpTestDatabase();

const SHELL = '<!doctype html><html lang="el"><head><title>app</title></head><body><div id="root"></div></body></html>';
const MENU = "/beach-bar/200";
const SERVICES = "/menu/200";
const PAGE = { accept: "text/html" };
/** Node joins the two into "text/html, text/html": the 404 handler's answer is the same, the fast path declines. */
const PAGE_VIA_HANDLER = { accept: ["text/html", "text/html"] };

const work = mkdtempSync(path.join(tmpdir(), "page-fast-path-"));
const staticDir = path.join(work, "dist");
const renderModule = path.join(work, "render.mjs");
mkdirSync(staticDir);
writeFileSync(path.join(staticDir, "index.html"), SHELL);
/** Lets a test hold a render while the catalogue changes (the render runs in this process). */
const renderHold = globalThis as { pageRenderStarted?: () => void; pageRenderGate?: Promise<void> };
// A 404 for an address whose reads found nothing, as the app's not-found screen.
writeFileSync(
  renderModule,
  `export const renderGuestPage = async (url, data) => {
    globalThis.pageRenderStarted?.();
    await globalThis.pageRenderGate;
    return {
      status: Object.values(data.answers).some((answer) => answer.status === 404) ? 404 : 200,
      html: "<main>" + url + "</main>",
    };
  };`,
);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * An app listening on a free port, whose onRequest hook records the pages Fastify itself saw and
 * the API reads asked (the pages' answers, asked in-process).
 */
async function listeningApp(options: Pick<TestAppOptions, "now" | "menuCache" | "logStream"> = {}) {
  const app = buildTestApp(ctx.db, { staticDir, serverRenderModule: renderModule, ...options });
  const seenByFastify: string[] = [];
  const apiReads: string[] = [];
  app.addHook("onRequest", async (incoming) => {
    (incoming.url.startsWith("/api/") ? apiReads : seenByFastify).push(`${incoming.method} ${incoming.url}`);
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base, seenByFastify, apiReads };
}

describe("kept guest pages answered before Fastify", () => {
  let clock = new Date("2026-07-15T09:00:00Z");
  // The clock of the answers' trust (the menu cache's): it stands still unless a test moves it.
  let elapsed = 0;
  let app: App;
  let base: string;
  let seenByFastify: string[];
  let apiReads: string[];

  beforeAll(async () => {
    await importFixture(ctx.db);
    ({ app, base, seenByFastify, apiReads } = await listeningApp({
      now: () => clock,
      menuCache: { now: () => elapsed },
    }));
  });

  afterAll(async () => {
    await app.close();
  });

  /** The page's answer from the 404 handler, then (now kept, its answers trusted) from the fast path. */
  async function viaHandlerThenFastPath(url: string, headers: Record<string, string>) {
    const seen = seenByFastify.length;
    const viaHandler = await send(base, url, { ...headers, ...PAGE_VIA_HANDLER });
    expect(seenByFastify.length, `${url} with Accept named twice goes to Fastify`).toBe(seen + 1);
    const viaFastPath = await send(base, url, { ...headers, ...PAGE });
    expect(seenByFastify.length, `${url} kept is answered before Fastify`).toBe(seen + 1);
    return { viaHandler, viaFastPath };
  }

  it("gives the 404 handler's status, headers and bytes for every encoding and a revalidation, on both pages", async () => {
    for (const url of [MENU, SERVICES, `${SERVICES}?brand=dark`]) {
      const etag = String((await send(base, url, PAGE)).headers.etag);
      const asked: Record<string, string>[] = [
        {},
        { "accept-encoding": "gzip, deflate, br" },
        { "accept-encoding": "gzip, br;q=0" },
        { "if-none-match": etag },
        { "if-none-match": `W/${etag.slice(0, -1)}-br"`, "accept-encoding": "br" },
      ];
      for (const headers of asked) {
        const { viaHandler, viaFastPath } = await viaHandlerThenFastPath(url, headers);
        const label = `${url} ${JSON.stringify(headers)}`;
        expect(viaFastPath.status, label).toBe(viaHandler.status);
        expect(lasting(viaFastPath.headers), label).toEqual(lasting(viaHandler.headers));
        expect(viaFastPath.body.equals(viaHandler.body), label).toBe(true);
        // The security headers of every response (plugins/response-headers.ts).
        expect(viaFastPath.headers["content-security-policy"], label).toContain("default-src 'self'");
      }
    }
    const { viaFastPath } = await viaHandlerThenFastPath(MENU, { "accept-encoding": "br" });
    expect(viaFastPath.status).toBe(200);
    expect(viaFastPath.headers["content-encoding"]).toBe("br");
    expect(viaFastPath.headers["content-type"]).toBe("text/html; charset=utf-8");
    const { viaFastPath: revalidated } = await viaHandlerThenFastPath(MENU, {
      "if-none-match": String(viaFastPath.headers.etag),
      "accept-encoding": "br",
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it("answers each device the page in the language its cookies name, as the handler does", async () => {
    const languageOf = (body: Buffer) => /"language":"([A-Z]+)"/.exec(body.toString())?.[1];
    const devices = [
      ["language=ENG", "ENG"],
      ["acceptedCookies=true; extraLanguage=ITA", "ITA"],
      ["", "GRE"],
    ] as const;
    const viaHandler = new Map<string, Buffer>();
    for (const [cookie, language] of devices) {
      const answer = await send(base, MENU, { cookie, ...PAGE_VIA_HANDLER });
      expect(languageOf(answer.body), cookie).toBe(language);
      viaHandler.set(cookie, answer.body);
    }
    // Each language's page is kept beside the others: the last made (Greek) is not every device's.
    const seen = seenByFastify.length;
    for (const [cookie, language] of devices) {
      const viaFastPath = await send(base, MENU, { cookie, ...PAGE });
      expect(languageOf(viaFastPath.body), cookie).toBe(language);
      expect(viaFastPath.body.equals(viaHandler.get(cookie) ?? Buffer.alloc(0)), cookie).toBe(true);
      expect(viaFastPath.headers.vary, cookie).toBe("Accept-Encoding, Cookie");
    }
    expect(seenByFastify.length).toBe(seen);
  });

  it("names each answer with a request id: the caller's when it gives one, else a new one", async () => {
    const { viaFastPath: first } = await viaHandlerThenFastPath(MENU, {});
    const { viaFastPath: second } = await viaHandlerThenFastPath(MENU, {});
    const { viaFastPath: given } = await viaHandlerThenFastPath(MENU, { "x-request-id": "guest-report-7" });
    expect(first.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(given.headers["x-request-id"]).toBe("guest-report-7");
  });

  it("a catalogue change is answered fresh at once, within the second its answers were trusted", async () => {
    const { viaFastPath: before } = await viaHandlerThenFastPath(MENU, {});
    expect(before.body.toString()).toContain('"priceCents":350');
    const venue = sampleVenue();
    const coffee = venue.services[0]?.categories[0]?.items[0];
    if (!coffee) throw new Error("the fixture has no first item");
    coffee.priceCents = 420;
    await importFixture(ctx.db, venue);
    try {
      const seen = seenByFastify.length;
      const after = await send(base, MENU, { ...PAGE, "if-none-match": String(before.headers.etag) });
      expect(seenByFastify.length, "the first page after the change is made by Fastify").toBe(seen + 1);
      expect(after.status).toBe(200);
      expect(after.body.toString()).toContain('"priceCents":420');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const again = await send(base, MENU, PAGE);
      expect(seenByFastify.length, "the new page is kept").toBe(seen + 1);
      expect(again.body.equals(after.body)).toBe(true);
    } finally {
      await importFixture(ctx.db);
    }
  });

  it("a page whose making began before a catalogue change is not answered after it", async () => {
    clock = new Date(clock.getTime() + 60_000);
    let release = () => {};
    renderHold.pageRenderGate = new Promise((resolve) => {
      release = resolve;
    });
    const started = new Promise<void>((resolve) => {
      renderHold.pageRenderStarted = resolve;
    });
    const venue = sampleVenue();
    const coffee = venue.services[0]?.categories[0]?.items[0];
    if (!coffee) throw new Error("the fixture has no first item");
    coffee.priceCents = 420;
    try {
      // Made of the answers before the change; whatever this request gets is of its time.
      const during = send(base, MENU, PAGE);
      await started;
      await importFixture(ctx.db, venue);
      release();
      await during;
      const seen = seenByFastify.length;
      const after = await send(base, MENU, PAGE);
      expect(seenByFastify.length, "the page made before the change is not kept as current").toBe(seen + 1);
      expect(after.body.toString()).toContain('"priceCents":420');
    } finally {
      release();
      renderHold.pageRenderGate = undefined;
      renderHold.pageRenderStarted = undefined;
      await importFixture(ctx.db);
    }
  });

  it("answers trusted for a second: past it, Fastify answers, asking the API again, and the page is kept again", async () => {
    await send(base, MENU, PAGE);
    const [seen, reads] = [seenByFastify.length, apiReads.length];
    elapsed += 999;
    await send(base, MENU, PAGE);
    expect(seenByFastify.length, "within the second").toBe(seen);
    elapsed += 1;
    const etag = (await send(base, MENU, PAGE)).headers.etag;
    expect(seenByFastify.length, "past the second").toBe(seen + 1);
    expect(apiReads.slice(reads)).toEqual(["GET /api/tables/200", "GET /api/tables/200/menus/beach-bar"]);
    expect((await send(base, MENU, PAGE)).headers.etag).toBe(etag);
    expect(seenByFastify.length, "kept again").toBe(seen + 1);
  });

  it("a new minute is a new page, made by Fastify, then kept", async () => {
    const { viaFastPath: before } = await viaHandlerThenFastPath(SERVICES, {});
    clock = new Date(clock.getTime() + 60_000);
    const seen = seenByFastify.length;
    const after = await send(base, SERVICES, PAGE);
    expect(seenByFastify.length).toBe(seen + 1);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await send(base, SERVICES, PAGE)).headers.etag).toBe(after.headers.etag);
    expect(seenByFastify.length).toBe(seen + 1);
  });

  it("leaves to Fastify whatever it does not keep or would answer otherwise: a page not made yet, the PDA's shell, a not-found page, another method, not a page load, a body, a header named twice", async () => {
    await send(base, MENU, PAGE);
    const cases: {
      url: string;
      method?: string;
      body?: string;
      headers?: Record<string, string | string[]>;
      status: number;
    }[] = [
      { url: "/menu/205", status: 200 },
      { url: "/menu/999999", status: 404 },
      { url: "/no-such-service/200", status: 404 },
      { url: MENU, method: "HEAD", status: 200 },
      { url: MENU, method: "POST", status: 404 },
      { url: MENU, headers: { accept: "application/json" }, status: 404 },
      { url: MENU, headers: { accept: "*/*" }, status: 404 },
      { url: MENU, body: "{}", status: 200 },
      { url: MENU, headers: { ...PAGE, "accept-encoding": ["br", "gzip"] }, status: 200 },
      { url: MENU, headers: { ...PAGE, "if-none-match": ['"a"', '"b"'] }, status: 200 },
      { url: `${MENU}/cart`, status: 200 },
    ];
    for (const { url, method, body, headers, status } of cases) {
      // Twice: the first may make and keep a page, the second would find it kept.
      for (let attempt = 0; attempt < 2; attempt++) {
        await send(base, MENU, PAGE);
        const seen = seenByFastify.length;
        const withBody = { ...PAGE, "content-type": "application/json", "content-length": String(body?.length) };
        const answer = await send(base, url, body === undefined ? (headers ?? PAGE) : withBody, method, body);
        const label = `${method ?? "GET"} ${url} ${JSON.stringify(headers ?? {})}`;
        expect(answer.status, label).toBe(status);
        expect(seenByFastify.length, `${label} reaches Fastify`).toBe(seen + 1);
      }
    }
    // A page first asked for goes to Fastify, which makes it; the fast path answers the next.
    for (const url of [`${MENU}?brand=dark`]) {
      const seen = seenByFastify.length;
      await send(base, url, PAGE);
      await send(base, url, PAGE);
      expect(seenByFastify.length, url).toBe(seen + 1);
    }
  });

  it("while a commit waits for its sync, Fastify answers, after the sync", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "page-fast-path-sync-"));
    const other = openDurableSqlite(path.join(dir, "venue.sqlite"));
    try {
      await send(base, MENU, PAGE);
      other.barrier.committed();
      expect(other.barrier.pending).toBe(true);
      const seen = seenByFastify.length;
      const answer = await send(base, MENU, PAGE);
      expect(answer.status).toBe(200);
      expect(seenByFastify.length).toBe(seen + 1);
      expect(other.barrier.pending).toBe(false);
    } finally {
      await other.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what the page fast path skips", () => {
  it("a server that logs quiet reads (debug) answers every page through Fastify, which logs it", async () => {
    await importFixture(ctx.db);
    const lines: string[] = [];
    const { app, base } = await listeningApp({ logStream: { write: (line) => lines.push(line) } });
    try {
      for (let attempt = 0; attempt < 3; attempt++) expect((await send(base, MENU, PAGE)).status).toBe(200);
      const logged = lines.map((line) => JSON.parse(line) as { url?: string; msg?: string });
      expect(logged.filter((line) => line.url === MENU && line.msg === "request completed")).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  it("a page load runs no hook but these, each answered for on the fast path", async () => {
    // A page load is @fastify/static's wildcard route, which finds no file and hands the request to
    // the 404 handler. setResponseHeaders: the same headers are written there. holdUntilDurable: it
    // declines while a commit is pending. @fastify/websocket's onRequest/onResponse pair: only for
    // upgrades, which never reach it. observeRequestDuration: the metrics' histogram leaves out the
    // pages the fast path answers, as it does the menus. A new hook here must be decided for the
    // fast path, then listed.
    const app = buildTestApp(ctx.db, { staticDir, serverRenderModule: renderModule });
    try {
      await app.ready();
      const routes = app.printRoutes({ includeHooks: true, commonPrefix: false }).split("\n");
      const at = routes.findIndex((line) => line.trimEnd().endsWith(" * (HEAD, GET)"));
      expect(at, "@fastify/static's wildcard route").toBeGreaterThan(-1);
      const hooks: string[] = [];
      for (const line of routes.slice(at + 1)) {
        const hook = /• \((\w+)\) (.*)$/.exec(line);
        if (hook === null) break;
        hooks.push(`${hook[1]} ${hook[2]}`);
      }
      expect(hooks).toEqual([
        'onRequest ["setResponseHeaders()","anonymous()"]',
        'onSend ["holdUntilDurable()"]',
        'onResponse ["observeRequestDuration()","anonymous()"]',
      ]);
    } finally {
      await app.close();
    }
  });
});
