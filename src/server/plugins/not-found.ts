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
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ErrorBodyDto } from "../../domain/api";
import { firstReadsOf } from "../../domain/first-reads";

export interface NotFoundOptions {
  /** true when plugins/static-pwa.ts is registered (it provides reply.sendFile). */
  spaFallback: boolean;
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

const notFoundPlugin: FastifyPluginCallback<NotFoundOptions> = (app, options, done) => {
  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback && isPageNavigation(request)) {
      const preloads = firstReadsOf(request.url.split("?")[0] ?? "").map(
        (path) => `</api/${path}>; rel=preload; as=fetch; crossorigin=anonymous`,
      );
      if (preloads.length > 0) reply.header("link", preloads.join(", "));
      return reply.sendFile("index.html");
    }
    const body: ErrorBodyDto = {
      code: "NOT_FOUND",
      message: `No route for ${request.method} ${request.url.split("?")[0]}`,
    };
    return reply.code(404).send(body);
  });
  done();
};

export const notFoundHandler = fp(notFoundPlugin, { name: "not-found" });
