/**
 * Requests no route answers. Under /api: JSON 404 NOT_FOUND. Elsewhere, when the PWA is served:
 * a page navigation (GET accepting HTML) gets index.html, so deep links like /menu/12 work on a
 * fresh load; anything else (a missing script, image...) stays a 404 rather than HTML.
 *
 * A guest's table or menu page comes with `Link: rel=preload` for the API reads it starts with
 * (domain/first-reads.ts): on a cold visit over slow 4G they are on their way
 * while the app's code downloads, and the app's own requests take the preloaded answers. `as=fetch`
 * with `crossorigin=anonymous` is what a same-origin fetch() (mode cors, credentials same-origin)
 * matches; a page the service worker answers has no such header and needs none.
 */
import path from "node:path";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ErrorBodyDto } from "../../domain/api";
import { firstReadsOf } from "../../domain/first-reads";
import { serverRenderedAddress } from "../../domain/server-render";
import { replyWithBody } from "../menu/encoded-body";
import { deferredStartOf } from "../ssr/deferred-start";
import { GuestPages, type GuestPagesOptions, loadGuestPageRender, pageLanguageOf } from "../ssr/guest-pages";
import { readScreenStyles } from "../ssr/screen-styles";

declare module "fastify" {
  interface FastifyInstance {
    /** The kept guest pages, which the front door also answers (ssr/page-fast-path.ts); null: none. */
    guestPages: GuestPages | null;
  }
}

export interface NotFoundOptions {
  /** The built PWA's folder when plugins/static-pwa.ts is registered (it provides reply.sendFile). */
  spaFallback: { staticDir: string } | null;
  /** The app's server render (ssr/guest-pages.ts); null: none, every page is the plain shell. */
  serverRenderModule: string | null;
  /** What a rendered page needs besides its render (ssr/guest-pages.ts). */
  pages: Pick<GuestPagesOptions, "now" | "onCatalogueChange" | "elapsed" | "styles">;
}

function isPageNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

const notFoundPlugin: FastifyPluginAsync<NotFoundOptions> = async (app, options) => {
  const render =
    options.spaFallback && options.serverRenderModule ? await loadGuestPageRender(options.serverRenderModule) : null;
  const guestPages =
    options.spaFallback && render
      ? new GuestPages(app, {
          ...options.pages,
          render,
          indexHtmlPath: path.join(options.spaFallback.staticDir, "index.html"),
          screenStyles: readScreenStyles(options.spaFallback.staticDir),
          deferredStart: deferredStartOf(options.spaFallback.staticDir),
        })
      : null;
  app.decorate("guestPages", guestPages);
  if (guestPages) app.addHook("onClose", async () => guestPages.close());

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const address = guestPages && request.method === "GET" ? serverRenderedAddress(request.url) : null;
    if (guestPages && address !== null && isPageNavigation(request)) {
      const page = await guestPages.page(address, pageLanguageOf(request.headers.cookie));
      if (page) return replyWithBody(request, reply, page.body, page.status);
    }
    if (options.spaFallback && isPageNavigation(request)) {
      const preloads = firstReadsOf(pathname).map(
        (path) => `</api/${path}>; rel=preload; as=fetch; crossorigin=anonymous`,
      );
      if (preloads.length > 0) reply.header("link", preloads.join(", "));
      return reply.sendFile("index.html");
    }
    const body: ErrorBodyDto = {
      code: "NOT_FOUND",
      message: `No route for ${request.method} ${pathname}`,
    };
    return reply.code(404).send(body);
  });
};

export const notFoundHandler = fp(notFoundPlugin, { name: "not-found" });
