/**
 * Cached menus answered before Fastify (http/front-door.ts; the goal: menu API >= 0.8x of bare
 * node:http). A request is answered here only when the menu routes (index.ts) would answer it
 * from memory, and the same way:
 * - a GET without a query or a body of /api/services/:serviceId/menu or
 *   /api/tables/:tableId/menus/:serviceSlug, its id and slug in the forms the routes' schemas
 *   accept (anything else is Fastify's 400 or 404);
 * - the menu, and the link's service, fresh in the menu cache (else the route loads them);
 * - no SQLite commit waiting for its sync (plugins/durable-answers.ts would hold the answer);
 * - a server level at which quiet reads are not logged (the access log would write a line);
 * - none of the headers it reads named twice (Node would join them), and a server not closing.
 * It writes the routes' answer (answerGet) with the headers plugins/response-headers.ts gives
 * every response. What it skips is Fastify's routing, validation, reply and hooks: the test holds
 * the menu routes to the hooks named there, so a hook added later fails it until someone decides
 * whether this path must run it too. Everything else goes on to Fastify, as before. One thing
 * it does not keep: the access log's line for a read slower than a second (a menu trickling to a
 * phone on a weak signal), which Fastify writes at info and this path does not.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { MAX_ID, SLUG_PATTERN } from "../../../domain/ids";
import { commitsPending } from "../../db/durable-sqlite";
import type { FrontAnswer, FrontDoor } from "../../http/front-door";
import { PREPARED_HEADERS, preparedAnswerWriter, readRawHeaders } from "../../http/prepared-answer";
import { SLUG_MAX_LENGTH } from "../../http/schemas";
import { logsQuietReads } from "../../logging";
import type { CachedMenu, MenuCache } from "../../menu/menu-cache";

const MENU_BY_ID = /^\/api\/services\/([1-9][0-9]*)\/menu$/;
const MENU_BY_SLUG = /^\/api\/tables\/([1-9][0-9]*)\/menus\/([^/?]+)$/;
const SLUG = new RegExp(SLUG_PATTERN);

/** The id in the only form it is taken here (no leading zeros, within IdSchema's range), or null. */
function idOf(digits: string | undefined): number | null {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id <= MAX_ID ? id : null;
}

function cachedMenuFor(url: string, menuCache: MenuCache): CachedMenu | null | undefined {
  const byId = MENU_BY_ID.exec(url);
  if (byId !== null) {
    const serviceId = idOf(byId[1]);
    return serviceId === null ? undefined : menuCache.peek(serviceId);
  }
  const bySlug = MENU_BY_SLUG.exec(url);
  const slug = bySlug?.[2];
  if (bySlug === null || slug === undefined || slug.length > SLUG_MAX_LENGTH || !SLUG.test(slug)) return undefined;
  const tableId = idOf(bySlug[1]);
  const spot = tableId === null ? undefined : menuCache.spots.peek(tableId, slug);
  return spot?.found === true ? menuCache.peek(spot.serviceId) : undefined;
}

function cachedMenuAnswer(
  menuCache: MenuCache,
  securityHeaders: Readonly<Record<string, string>>,
  logLevel: () => string,
): FrontAnswer {
  const write = preparedAnswerWriter(securityHeaders);
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "GET") return false;
    const menu = cachedMenuFor(request.url ?? "", menuCache);
    // null (no such service) too: its 404 is Fastify's.
    if (menu === undefined || menu === null || commitsPending() || logsQuietReads(logLevel())) return false;
    const headers = readRawHeaders(request.rawHeaders, PREPARED_HEADERS);
    if (headers === null) return false;
    write(response, menu.body, headers);
    return true;
  };
}

const menuFastPathPlugin: FastifyPluginAsync<{ frontDoor: FrontDoor; menuCache: MenuCache }> = async (
  app,
  { frontDoor, menuCache },
) => {
  app.addHook("onReady", async () => {
    frontDoor.answer = cachedMenuAnswer(menuCache, app.securityHeaders, () => app.log.level);
  });
  // A closing server answers through Fastify, which closes the connection after each answer.
  app.addHook("preClose", async () => {
    frontDoor.answer = null;
  });
};

export const menuFastPath = fp(menuFastPathPlugin, { name: "menu-fast-path", dependencies: ["response-headers"] });
