/**
 * Server-rendered guest pages (domain/server-render.ts says which): the page a QR code opens comes
 * as HTML with its store, services, categories, items and prices, readable before any script runs
 * and hydrated by the app from the API answers embedded beside it.
 *
 * - The answers are the API's own (an in-process request per first read), so the HTML and the JSON
 *   a guest would have fetched cannot differ, and a catalogue change (import, back office, stock)
 *   changes the page the moment it changes the answers.
 * - Open, closed and happy hour are decided at the server's minute, as the app decides them, which
 *   corrects them after hydration should the minute have changed since.
 * - A page is kept per address, minute and its answers' ETags, compressed once, with the ETag of
 *   its bytes: a repeat visit of an unchanged menu within the minute is a 304, a new build a new
 *   page.
 * - The render itself is the app's (build/ssr/, `vite build --ssr`). Without it, or when a read or
 *   a render fails or takes longer than a guest should wait, the guest gets the app's plain shell,
 *   which loads the page itself as it always has.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { firstReadsOf } from "../../domain/first-reads";
import { type FirstAnswers, SERVER_RENDER_DATA_ID, type ServerRenderData } from "../../domain/server-render";
import { type EncodedBody, encodeBody } from "../menu/encoded-body";
import { PROJECT_ROOT } from "../paths";

/** The app's render (src/app/ssr/render-guest-page.tsx), as its build exports it. */
export type RenderGuestPage = (url: string, data: ServerRenderData) => Promise<{ status: number; html: string }>;

export const SERVER_RENDER_MODULE = path.join(PROJECT_ROOT, "build", "ssr", "render-guest-page.js");

const MINUTE_MS = 60_000;
/** A guest on beach 4G is better served by the shell at once than by a page that is late. */
const RENDER_DEADLINE_MS = 1_000;
/** Pages kept: a venue group's spots times their services, with room for a few versions. */
const MAX_KEPT_PAGES = 2_000;

export interface GuestPage {
  status: number;
  body: EncodedBody;
}

/** The render exported by `modulePath`, or null when that file is not there (no `npm run build` yet). */
export async function loadGuestPageRender(modulePath: string): Promise<RenderGuestPage | null> {
  if (!existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as { renderGuestPage: RenderGuestPage };
  return module.renderGuestPage;
}

export class GuestPages {
  readonly #app: FastifyInstance;
  readonly #render: RenderGuestPage;
  readonly #shell: string;
  readonly #now: () => Date;
  readonly #kept = new Map<string, Promise<GuestPage>>();

  constructor(app: FastifyInstance, render: RenderGuestPage, indexHtmlPath: string, now: () => Date) {
    this.#app = app;
    this.#render = render;
    this.#shell = readFileSync(indexHtmlPath, "utf8");
    this.#now = now;
  }

  /** The page at `address` (domain/server-render.ts), or null: the caller answers the plain shell then. */
  async page(address: string): Promise<GuestPage | null> {
    const work = this.#pageNow(address);
    const late = new Promise<null>((resolve) => setTimeout(resolve, RENDER_DEADLINE_MS, null).unref());
    try {
      return await Promise.race([work, late]);
    } catch (error) {
      this.#app.log.warn({ err: error, address }, "guest page not server-rendered; the shell is answered");
      return null;
    }
  }

  async #pageNow(address: string): Promise<GuestPage> {
    const reads = await Promise.all(firstReadsOf(address.split("?")[0] ?? "").map((read) => this.#read(read)));
    const renderedAt = new Date(Math.floor(this.#now().getTime() / MINUTE_MS) * MINUTE_MS).toISOString();
    const key = [address, renderedAt, ...reads.map(({ path: read, status, etag }) => `${read}:${status}:${etag}`)].join(
      "|",
    );
    let page = this.#kept.get(key);
    if (page === undefined) {
      const answers: FirstAnswers = Object.fromEntries(reads.map((read) => [read.path, read.answer]));
      page = this.#build(address, { renderedAt, answers });
      page.catch(() => this.#kept.delete(key));
      if (this.#kept.size >= MAX_KEPT_PAGES) this.#kept.clear();
      this.#kept.set(key, page);
    }
    return page;
  }

  async #read(read: string) {
    const response = await this.#app.inject({
      method: "GET",
      url: `/api/${read}`,
      headers: { accept: "application/json" },
    });
    if (response.statusCode >= 500) throw new Error(`GET /api/${read} answered ${response.statusCode}`);
    return {
      path: read,
      status: response.statusCode,
      etag: String(response.headers.etag ?? response.body),
      answer: { status: response.statusCode, body: response.json() as unknown },
    };
  }

  async #build(address: string, data: ServerRenderData): Promise<GuestPage> {
    const { status, html } = await this.#render(address, data);
    const page = withRender(this.#shell, html, data);
    return {
      status,
      body: await encodeBody(Buffer.from(page), { contentType: "text/html; charset=utf-8", cacheControl: "no-cache" }),
    };
  }
}

/**
 * index.html with the render in #root, and:
 * - the stylesheets it preloads applied: they are the guest screens' own (the build's "guest-menu"
 *   chunk, vite.config.ts), which the app's code would apply on arrival, and the HTML must be
 *   styled before any script, or without one;
 * - the resources React hoisted to the render's start (image preloads) in <head>;
 * - the render's data as JSON that no `</script>` in a menu text can end.
 */
export function withRender(shell: string, html: string, data: ServerRenderData): string {
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? "";
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return shell
    .replaceAll('<link rel="preload" as="style"', '<link rel="stylesheet"')
    .replace("</head>", `${hoisted}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html.slice(hoisted.length)}</div><script type="application/json" id="${SERVER_RENDER_DATA_ID}">${json}</script>`,
    );
}
