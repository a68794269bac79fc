/**
 * The server's half of a server-rendered guest page (built by `vite build --ssr` into
 * build/ssr/, loaded by server/ssr/guest-pages.ts): the same router and screens as the browser's,
 * at the requested address, fed with the API answers the server already has instead of requests,
 * rendered once everything lazy has arrived, with open, closed and happy hour as at `renderedAt`.
 * The browser hydrates it from the same answers and instant (main.tsx), so its first render is
 * this HTML and asks the server nothing again.
 *
 * In the language the device's cookies name (domain/page-language.ts), which the device hydrates
 * in as it is.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server.node";
import { prerenderToNodeStream } from "react-dom/static";
import { pageLocale } from "../../domain/page-language";
import type { ServerRenderData } from "../../domain/server-render";
import { provideFirstAnswers } from "../api/client";
import { AppRoot } from "../app-root";
import { renderEveryRowFirst } from "../features/menu/first-screen";
import { activateLocale } from "../i18n/catalogs";
import { renderedInLanguage } from "../i18n/language-store";
import { createAppRouter } from "../router";
import { decideAtPageInstant } from "./page-instant";

export interface RenderedGuestPage {
  /** 200, or 404 when the route found no such spot or service. */
  status: number;
  /** What goes inside index.html's #root. */
  html: string;
}

/**
 * Renders one page at a time: the answers are the API client's module state, shared by every render
 * in this process. A render takes a few milliseconds, and a page's HTML is cached by its caller.
 */
let previous: Promise<unknown> = Promise.resolve();

export function renderGuestPage(url: string, data: ServerRenderData): Promise<RenderedGuestPage> {
  const run = previous.then(() => render(url, data));
  previous = run.catch(() => undefined);
  return run;
}

renderEveryRowFirst();

/** The routes the server renders (domain/server-render.ts), whose code a first render loads. */
const RENDERED_ROUTES = [
  "/menu/$tableId",
  "/$service/$tableId",
  "/$service/$tableId/",
  "/info/",
  "/info/$type",
] as const;

/**
 * Loads what every render needs (the texts of both UI languages, Temporal, the live rules, the
 * rendered routes' code) before the first guest asks: the server calls it once at start, so that
 * the first page is not the one that waits for them.
 */
export async function warmUp(): Promise<void> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/"] }));
  await activateLocale("en");
  await Promise.all([
    activateLocale("el"),
    decideAtPageInstant(new Date().toISOString()),
    ...RENDERED_ROUTES.map((id) => router.loadRouteChunk(router.routesById[id])),
  ]);
}

async function render(url: string, { renderedAt, language, answers }: ServerRenderData): Promise<RenderedGuestPage> {
  await Promise.all([activateLocale(pageLocale(language)), decideAtPageInstant(renderedAt)]);
  renderedInLanguage(language);
  provideFirstAnswers(answers);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  let html = renderToString(<AppRoot router={router} />);
  if (html.includes(SUSPENDED_BOUNDARY)) {
    // A lazy part (a screen's texts, a component's code) had not arrived in this process yet:
    // wait for all of it once, then render again. The page itself is renderToString's: a
    // prerender's HTML brings inline scripts that the page's CSP refuses.
    await drain(await prerenderToNodeStream(<AppRoot router={router} />));
    html = renderToString(<AppRoot router={router} />);
  }
  provideFirstAnswers({});
  // A loader's notFound(): no such spot, or no such service at it.
  const notFound = router.state.matches.some((match) => match.status === "notFound");
  return { status: notFound ? 404 : 200, html };
}

/** What renderToString leaves where a Suspense boundary's content was not ready. */
const SUSPENDED_BOUNDARY = "<!--$!-->";

async function drain({ prelude }: { prelude: AsyncIterable<unknown> }): Promise<void> {
  for await (const _chunk of prelude);
}
