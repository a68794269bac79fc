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
 * - A page is made in the language the device shows, which its cookies name
 *   (domain/page-language.ts), so the app hydrates it as it is in every language.
 * - A page is kept per address, language, minute and its answers' ETags, compressed once, with the
 *   ETag of its bytes: a repeat visit of an unchanged menu within the minute is a 304, a new build a
 *   new page.
 * - The render itself is the app's (build/ssr/, `vite build --ssr`). Without it, or when a read or
 *   a render fails or takes longer than a guest should wait, the guest gets the app's plain shell,
 *   which loads the page itself as it always has.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseCookie } from "cookie";
import type { FastifyInstance } from "fastify";
import { firstReadsOf } from "../../domain/first-reads";
import type { Language } from "../../domain/languages";
import { pageLanguage, pageLocale } from "../../domain/page-language";
import {
  extraStylesOf,
  type FirstAnswer,
  type FirstAnswers,
  SERVER_RENDER_DATA_ID,
  type ServerRenderData,
} from "../../domain/server-render";
import { type EncodedBody, encodeBody } from "../menu/encoded-body";
import { PROJECT_ROOT } from "../paths";
import { type DeferredStart, withDeferredStart } from "./deferred-start";
import { type FirstPaintStyles, withInlineStyles } from "./first-paint-styles";
import type { ScreenStyles } from "./screen-styles";

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

/**
 * The render exported by `modulePath`, warmed up (its texts and code loaded), or null when that
 * file is not there (no `npm run build` yet).
 */
export async function loadGuestPageRender(modulePath: string): Promise<RenderGuestPage | null> {
  if (!existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as {
    renderGuestPage: RenderGuestPage;
    warmUp?: () => Promise<void>;
  };
  await module.warmUp?.();
  return module.renderGuestPage;
}

export interface GuestPagesOptions {
  render: RenderGuestPage;
  /** The built app's index.html, which each page fills in. */
  indexHtmlPath: string;
  /** The stylesheets a screen needs beyond index.html's (screen-styles.ts). */
  screenStyles: ScreenStyles;
  /** The server's clock, which decides open, closed and happy hour on a page. */
  now: () => Date;
  /** Calls back after every catalogue change in this process (MenuCache.onStoreInvalidated). */
  onCatalogueChange: (listener: () => void) => () => void;
  /**
   * Elapsed milliseconds, which time how long an answer is trusted; default performance.now, not
   * the server's clock, which a test may move back and forth. Tests give the menu cache's.
   */
  elapsed?: () => number;
  /** The shell's stylesheets inline, allowed by the CSP (first-paint-styles.ts); null: linked. */
  styles?: FirstPaintStyles | null;
  /** The build's boot entry, which starts the app after the first paint (deferred-start.ts); null: none. */
  deferredStart?: DeferredStart | null;
}

/** What lets a page paint before any of the app's code: its styles inline, the app started after. */
export type FirstPaint = Pick<GuestPagesOptions, "styles" | "deferredStart">;

/** One of the API's answers as a page embeds it. */
interface Read {
  path: string;
  /** What makes another answer another page: its status and ETag. */
  version: string;
  answer: FirstAnswer;
}

/** An answer as it is reused: asked at `at` (GuestPagesOptions.elapsed), replaced when no longer trusted. */
interface KeptRead {
  path: string;
  read: Promise<Read>;
  at: number;
}

/** An address's latest page, with the minute and the kept answers it was made of. */
interface LatestPage {
  minute: number;
  reads: readonly KeptRead[];
  page: GuestPage;
}

/**
 * How long an answer is used without asking the API again: as long as the menu cache trusts a
 * catalogue version (menu/menu-cache.ts). A change in this process drops them at once; another
 * process's shows within this time, as in the API's own answers.
 */
const READS_FRESH_MS = 1_000;
/** Any spot id can be asked for: past this many answers, all are forgotten. */
const MAX_KEPT_READS = 20_000;

export class GuestPages {
  readonly #app: FastifyInstance;
  readonly #options: GuestPagesOptions;
  readonly #shell: string;
  readonly #reads = new Map<string, KeptRead>();
  readonly #kept = new Map<string, Promise<GuestPage>>();
  /** What keptPage answers from, without a promise or a key to build. */
  readonly #latest = new Map<string, LatestPage>();
  readonly #stopListening: () => void;
  readonly #elapsed: () => number;

  constructor(app: FastifyInstance, options: GuestPagesOptions) {
    this.#app = app;
    this.#options = options;
    this.#elapsed = options.elapsed ?? (() => performance.now());
    this.#shell = readFileSync(options.indexHtmlPath, "utf8");
    // The latest pages go with their answers: keptPage answers none made of an answer dropped here.
    this.#stopListening = options.onCatalogueChange(() => this.#reads.clear());
  }

  close(): void {
    this.#stopListening();
  }

  /**
   * The page at `address` (domain/server-render.ts) in `language`, or null: the caller answers the
   * plain shell then.
   */
  async page(address: string, language: Language): Promise<GuestPage | null> {
    const work = this.#pageNow(address, language);
    const late = new Promise<null>((resolve) => setTimeout(resolve, RENDER_DEADLINE_MS, null).unref());
    try {
      return await Promise.race([work, late]);
    } catch (error) {
      this.#app.log.warn({ err: error, address }, "guest page not server-rendered; the shell is answered");
      return null;
    }
  }

  /**
   * The page that page(address) would answer now without asking or awaiting anything: made at this
   * minute of answers that are all still the trusted ones (none dropped by a catalogue change,
   * none older than READS_FRESH_MS); else undefined. What the front door answers before Fastify
   * (page-fast-path.ts).
   */
  keptPage(address: string, language: Language): GuestPage | undefined {
    const latest = this.#latest.get(pageKey(address, language));
    if (latest === undefined || latest.minute !== this.#minute()) return undefined;
    const now = this.#elapsed();
    for (const kept of latest.reads) {
      if (this.#reads.get(kept.path) !== kept || now - kept.at >= READS_FRESH_MS) return undefined;
    }
    return latest.page;
  }

  #minute(): number {
    return Math.floor(this.#options.now().getTime() / MINUTE_MS);
  }

  async #pageNow(address: string, language: Language): Promise<GuestPage | null> {
    const kept = firstReadsOf(address.split("?")[0] ?? "").map((path) => this.#read(path));
    const reads = await Promise.all(kept.map(({ read }) => read));
    if (isPdaSpot(reads[0])) return null;
    const minute = this.#minute();
    const renderedAt = new Date(minute * MINUTE_MS).toISOString();
    const key = `${pageKey(address, language)}|${renderedAt}|${reads.map((read) => read.version).join("|")}`;
    let page = this.#kept.get(key);
    if (page === undefined) {
      const answers: FirstAnswers = Object.fromEntries(reads.map((read) => [read.path, read.answer]));
      page = this.#build(address, { renderedAt, language, answers });
      page.catch(() => this.#kept.delete(key));
      // Any spot id can be asked for (a not-found page is kept too): past this many, all are forgotten.
      if (this.#kept.size >= MAX_KEPT_PAGES) {
        this.#kept.clear();
        this.#latest.clear();
      }
      this.#kept.set(key, page);
    }
    // A failed page is never the latest (its failure is page()'s to log).
    page.then(
      (built) => this.#latest.set(pageKey(address, language), { minute, reads: kept, page: built }),
      () => {},
    );
    return page;
  }

  #read(path: string): KeptRead {
    const now = this.#elapsed();
    const known = this.#reads.get(path);
    if (known !== undefined && now - known.at < READS_FRESH_MS) return known;
    const read = this.#ask(path);
    read.catch(() => this.#reads.delete(path));
    if (this.#reads.size >= MAX_KEPT_READS) this.#reads.clear();
    const kept = { path, read, at: now };
    this.#reads.set(path, kept);
    return kept;
  }

  /** The API's own answer, asked in this process. */
  async #ask(path: string): Promise<Read> {
    const response = await this.#app.inject({
      method: "GET",
      url: `/api/${path}`,
      headers: { accept: "application/json" },
    });
    if (response.statusCode >= 500) throw new Error(`GET /api/${path} answered ${response.statusCode}`);
    return {
      path,
      version: `${path}:${response.statusCode}:${String(response.headers.etag ?? response.body)}`,
      answer: { status: response.statusCode, body: response.json() as unknown },
    };
  }

  async #build(address: string, data: ServerRenderData): Promise<GuestPage> {
    const { status, html } = await this.#options.render(address, data);
    const styles = extraStylesOf(address);
    const page = withRender(this.#shell, html, data, styles === null ? [] : this.#options.screenStyles[styles], {
      styles: this.#options.styles,
      deferredStart: this.#options.deferredStart,
    });
    // Another language's cookies, another page.
    const headers = { contentType: "text/html; charset=utf-8", cacheControl: "no-cache", vary: "Cookie" };
    // Made again every minute a page is visited: the quick brotli.
    return { status, body: await encodeBody(Buffer.from(page), headers, 5) };
  }
}

/** The language of the page a request with this Cookie header gets (domain/page-language.ts). */
export function pageLanguageOf(cookieHeader: string | undefined): Language {
  return pageLanguage(cookieHeader === undefined ? {} : parseCookie(cookieHeader));
}

function pageKey(address: string, language: Language): string {
  return `${language} ${address}`;
}

/**
 * A waiter's PDA spot (the table read, always a page's first) opens the device's staff shell and
 * live streams, which only the device can render: its page stays the app's to render.
 */
function isPdaSpot(tableRead: Read | undefined): boolean {
  return (tableRead?.answer.body as { spot?: { isPda?: boolean } } | undefined)?.spot?.isPda === true;
}

/**
 * index.html with the render in #root, its <html lang> the render's language, and:
 * - its stylesheets inline when `styles` are given (first-paint-styles.ts: no request before the
 *   first paint); else the stylesheets it preloads applied: they are the guest screens' own (the
 *   build's "guest-menu" chunk, vite.config.ts), which the app's code would apply on arrival, and
 *   the HTML must be styled before any script, or without one; and `stylesheets`, a screen's own
 *   beyond those, linked (the info pages' sheet, which no menu page needs inline);
 * - the app started after the first paint when `deferredStart` is given (deferred-start.ts): the
 *   build's small boot entry instead of index.html's entry and its module preloads;
 * - the app's scripts asked for at low priority: the page is readable without them, so the HTML's
 *   photos (React's preloads, `fetchpriority="high"`) go first, and the first paint waits on no
 *   script (Lighthouse counts a high-priority script that arrived before it as render-blocking);
 * - the resources React hoisted to the render's start (image preloads) in <head>;
 * - the render's data as JSON that no `</script>` in a menu text can end.
 */
export function withRender(
  shell: string,
  html: string,
  data: ServerRenderData,
  stylesheets: readonly string[] = [],
  { styles, deferredStart }: FirstPaint = {},
): string {
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? "";
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const links = stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join("");
  const started = deferredStart ? withDeferredStart(shell, deferredStart) : shell;
  const styled = styles
    ? withInlineStyles(started, styles)
    : started.replaceAll('<link rel="preload" as="style"', '<link rel="stylesheet"');
  return styled
    .replace('<html lang="el">', `<html lang="${pageLocale(data.language)}">`)
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
    .replace("</head>", `${links}${hoisted}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html.slice(hoisted.length)}</div><script type="application/json" id="${SERVER_RENDER_DATA_ID}">${json}</script>`,
    );
}
