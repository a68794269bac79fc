/**
 * Server-rendered guest pages (domain/server-render.ts says which): the page a QR code opens comes
 * as HTML with its store, services, categories, items and prices, readable before any script runs
 * and hydrated by the app from the API answers embedded beside it.
 *
 * - The answers are the API's own (an in-process request per first read), so the HTML and the JSON
 *   a guest would have fetched cannot differ, and a catalogue change (import, back office, stock)
 *   changes the page the moment it changes the answers.
 * - A page is kept per address and per its answers' ETags, compressed once, with the ETag of its
 *   bytes: a repeat visit of an unchanged menu is a 304, a new build a new page.
 * - The render itself is the app's (build/ssr/, `vite build --ssr`). Without it, or when a read or
 *   a render fails or takes longer than a guest should wait, the guest gets the app's plain shell,
 *   which loads the page itself as it always has.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { firstReadsOf } from "../../domain/first-reads";
import { type FirstAnswers, SERVER_RENDER_DATA_ID } from "../../domain/server-render";
import { type EncodedBody, encodeBody } from "../menu/encoded-body";
import { PROJECT_ROOT } from "../paths";

/** The app's render (src/app/ssr/render-guest-page.tsx), as its build exports it. */
export type RenderGuestPage = (url: string, answers: FirstAnswers) => Promise<{ status: number; html: string }>;

export const SERVER_RENDER_MODULE = path.join(PROJECT_ROOT, "build", "ssr", "render-guest-page.js");

/** A guest on beach 4G is better served by the shell at once than by a page that is late. */
const RENDER_DEADLINE_MS = 1_000;
/** Pages kept: a venue group's spots times their services, with room for a few versions. */
const MAX_KEPT_PAGES = 2_000;

export interface GuestPage {
  status: number;
  body: EncodedBody;
}

export async function loadGuestPageRender(modulePath = SERVER_RENDER_MODULE): Promise<RenderGuestPage | null> {
  if (!existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as { renderGuestPage: RenderGuestPage };
  return module.renderGuestPage;
}

export class GuestPages {
  readonly #app: FastifyInstance;
  readonly #render: RenderGuestPage;
  readonly #shell: string;
  readonly #kept = new Map<string, Promise<GuestPage>>();

  constructor(app: FastifyInstance, render: RenderGuestPage, indexHtmlPath: string) {
    this.#app = app;
    this.#render = render;
    this.#shell = readFileSync(indexHtmlPath, "utf8");
  }

  /** The page at `pathname`, or null: the caller answers the plain shell then. */
  async page(pathname: string): Promise<GuestPage | null> {
    const work = this.#pageNow(pathname);
    const late = new Promise<null>((resolve) => setTimeout(resolve, RENDER_DEADLINE_MS, null).unref());
    try {
      return await Promise.race([work, late]);
    } catch (error) {
      this.#app.log.warn({ err: error, pathname }, "guest page not server-rendered; the shell is answered");
      return null;
    }
  }

  async #pageNow(pathname: string): Promise<GuestPage> {
    const reads = await Promise.all(firstReadsOf(pathname).map((read) => this.#read(read)));
    const key = [pathname, ...reads.map(({ path: read, status, etag }) => `${read}:${status}:${etag}`)].join("|");
    let page = this.#kept.get(key);
    if (page === undefined) {
      const answers: FirstAnswers = Object.fromEntries(reads.map((read) => [read.path, read.answer]));
      page = this.#build(pathname, answers);
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

  async #build(pathname: string, answers: FirstAnswers): Promise<GuestPage> {
    const { status, html } = await this.#render(pathname, answers);
    const page = withRender(this.#shell, html, answers);
    return {
      status,
      body: await encodeBody(Buffer.from(page), { contentType: "text/html; charset=utf-8", cacheControl: "no-cache" }),
    };
  }
}

/**
 * index.html with the render in #root, the resources React hoisted to the render's start (image
 * preloads) in <head>, and the answers as JSON that no `</script>` inside a menu text can end.
 */
export function withRender(shell: string, html: string, answers: FirstAnswers): string {
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? "";
  const data = JSON.stringify(answers).replace(/</g, "\\u003c");
  return shell
    .replace("</head>", `${hoisted}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html.slice(hoisted.length)}</div><script type="application/json" id="${SERVER_RENDER_DATA_ID}">${data}</script>`,
    );
}
