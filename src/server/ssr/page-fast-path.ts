/**
 * Kept guest pages answered before Fastify (http/front-door.ts; the goal: a kept page >= 0.8x the
 * menu API's answers per second). On its way through Fastify a page load costs ten times a cached
 * menu's: @fastify/static's wildcard route first looks for a file of that name on disk (a stat and
 * a listing of the folder), finds none and hands over to the 404 handler (plugins/not-found.ts),
 * and the hooks of every request run around it. A request is answered here only when that handler
 * would answer it from memory, and the same way:
 * - a GET page load (its Accept names text/html) of a server-rendered address
 *   (domain/server-render.ts), without a body, none of the headers read here named twice;
 * - the address's page already made in the language the request's cookies name, at this minute, of answers still trusted
 *   (GuestPages.keptPage: a catalogue change in this process drops them at once, and no answer is
 *   trusted past the second the menu cache trusts a version), with status 200: a not-found page is
 *   logged at info by the access log, so it goes through Fastify;
 * - no SQLite commit waiting for its sync (plugins/durable-answers.ts would hold the answer);
 * - a server level at which quiet reads are not logged (the access log would write a line);
 * - a server not closing.
 * It writes the handler's answer (http/prepared-answer.ts, as the menus' fast path does) with the
 * headers plugins/response-headers.ts gives every response. Only pages the handler itself made are kept,
 * so an address that a route or a file answers never gets here. As with the menus
 * (routes/services/menu-fast-path.ts), what it skips is Fastify's routing and hooks: the test
 * holds the route a page load goes through to the hooks named there. Not kept, as for the menus:
 * the access log's line for a read slower than a second, and the request-duration histogram of
 * GET /metrics, where these answers are missing as the fast menus are (counting them would cost
 * what this path saves).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { serverRenderedAddress } from "../../domain/server-render";
import { commitsPending } from "../db/durable-sqlite";
import type { FrontAnswer, FrontDoor } from "../http/front-door";
import { preparedAnswerWriter, readRawHeaders, withPreparedHeaders } from "../http/prepared-answer";
import { logsQuietReads } from "../logging";
import { type GuestPages, pageLanguageOf } from "./guest-pages";

/**
 * Two segments, the second a table id: every address a QR code opens is one (firstReadsOf), and
 * the menu API's and other requests are turned away without more work. The info pages, rarely
 * opened, go through Fastify.
 */
const PAGE_URL = /^\/[a-z0-9-]+\/[1-9][0-9]*(?:\?|$)/;

/** Besides the headers every prepared answer reads: a page answers page loads only. */
const PAGE_HEADERS = withPreparedHeaders(
  new Map([
    ["accept", "accept" as const],
    ["cookie", "cookie" as const],
  ]),
);

export function keptPageAnswer(
  guestPages: GuestPages,
  securityHeaders: Readonly<Record<string, string>>,
  logLevel: () => string,
): FrontAnswer {
  const write = preparedAnswerWriter(securityHeaders);
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? "";
    if (request.method !== "GET" || !PAGE_URL.test(url)) return false;
    const address = serverRenderedAddress(url);
    if (address === null) return false;
    const headers = readRawHeaders(request.rawHeaders, PAGE_HEADERS);
    if (headers === null || !(headers.accept ?? "").includes("text/html")) return false;
    const page = guestPages.keptPage(address, pageLanguageOf(headers.cookie));
    if (page === undefined || page.status !== 200 || commitsPending() || logsQuietReads(logLevel())) return false;
    write(response, page.body, headers);
    return true;
  };
}

const pageFastPathPlugin: FastifyPluginAsync<{ frontDoor: FrontDoor }> = async (app, { frontDoor }) => {
  app.addHook("onReady", async () => {
    // No render (no build, or a test without one): every page is the shell, Fastify's to send.
    const guestPages = app.guestPages;
    if (guestPages !== null) {
      frontDoor.pageAnswer = keptPageAnswer(guestPages, app.securityHeaders, () => app.log.level);
    }
  });
  // A closing server answers through Fastify, which closes the connection after each answer.
  app.addHook("preClose", async () => {
    frontDoor.pageAnswer = null;
  });
};

export const pageFastPath = fp(pageFastPathPlugin, {
  name: "page-fast-path",
  dependencies: ["response-headers", "not-found"],
});
