/**
 * GET /api/services/:serviceId/menu: a service's whole menu in one response, from MenuCache's
 * prepared bytes. GET /api/tables/:tableId/menus/:serviceSlug: the same bytes, found by the slug
 * in the guest's URL (/beach-bar/7201), so that the menu screen asks for the table and its menu at
 * once instead of waiting for the table's answer to learn the service id; which
 * service a link names is kept in memory too (menu/spot-service-cache.ts). Strong ETag plus `Cache-Control: no-cache`: the service worker keeps a copy and
 * revalidates it (stale-while-revalidate happens there), and an unchanged menu costs a 304. Each
 * variant's headers are written out once per menu version (menu-cache.ts MENU_HEADERS). A menu
 * fresh in the cache is answered before these routes are reached, the same way (menu-fast-path.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { ErrorBodySchema, MenuResponseSchema } from "../../../domain/api";
import { notFound } from "../../http/api-error";
import { IdSchema, SlugSchema } from "../../http/schemas";
import { replyWithBody } from "../../menu/encoded-body";
import type { CachedMenu, MenuCache } from "../../menu/menu-cache";

export interface ServiceRoutesOptions {
  menuCache: MenuCache;
}

const MenuResponses = {
  200: MenuResponseSchema,
  304: Type.Null({ description: "Not Modified: the copy named by If-None-Match is current" }),
  400: ErrorBodySchema,
  404: ErrorBodySchema,
};

export const serviceRoutes: FastifyPluginAsyncTypebox<ServiceRoutesOptions> = async (app, { menuCache }) => {
  app.get(
    "/services/:serviceId/menu",
    {
      schema: {
        tags: ["guest"],
        summary: "The menu of a service: categories and items with their subselections, in display order",
        description:
          "Send If-None-Match with the ETag of a stored copy to get 304 when it is still current. The body is brotli- or gzip-encoded when Accept-Encoding allows.",
        params: Type.Object({ serviceId: IdSchema }),
        response: MenuResponses,
      },
    },
    (request, reply) => {
      const { serviceId } = request.params;
      // The handler's promise waits for the reply to be sent (its answer may wait for a commit to
      // be durable, plugins/durable-answers.ts); settled earlier, Fastify would send a second,
      // empty answer. A fresh menu comes from memory at once (load), most of them before this
      // route is reached (menu-fast-path.ts).
      return menuCache.load(serviceId).then(async (menu) => {
        await sendMenu(request, reply, serviceId, menu);
      });
    },
  );

  app.get(
    "/tables/:tableId/menus/:serviceSlug",
    {
      schema: {
        tags: ["guest"],
        summary: "The menu of the table's service with this slug (the same body and ETag as /services/:id/menu)",
        description:
          "For a guest link /:serviceSlug/:tableId: asked together with GET /tables/:tableId. 404 TABLE_NOT_FOUND for an unknown table, SERVICE_NOT_FOUND when the table's store has no such service or it does not serve this kind of spot.",
        params: Type.Object({ tableId: IdSchema, serviceSlug: SlugSchema }),
        response: MenuResponses,
      },
    },
    (request, reply) => sendSpotMenu(request, reply, menuCache, request.params.tableId, request.params.serviceSlug),
  );
};

async function sendSpotMenu(
  request: FastifyRequest,
  reply: FastifyReply,
  menuCache: MenuCache,
  tableId: number,
  serviceSlug: string,
): Promise<void> {
  const spot = await menuCache.spots.load(tableId, serviceSlug);
  if (!spot.found) {
    throw spot.code === "TABLE_NOT_FOUND"
      ? notFound("TABLE_NOT_FOUND", `There is no table ${tableId}`)
      : notFound("SERVICE_NOT_FOUND", `Table ${tableId} has no service ${serviceSlug}`);
  }
  // Settles once the reply is sent (see the route above).
  await sendMenu(request, reply, spot.serviceId, await menuCache.load(spot.serviceId));
}

/** Returns the reply: a handler that answers later awaits it (it settles once sent; see above). */
function sendMenu(
  request: FastifyRequest,
  reply: FastifyReply,
  serviceId: number,
  menu: CachedMenu | null,
): FastifyReply {
  if (menu === null) return reply.send(notFound("SERVICE_NOT_FOUND", `There is no service ${serviceId}`));
  // Headers written out once per menu version (menu/encoded-body.ts), Content-Length included.
  return replyWithBody(request, reply, menu.body);
}
