/**
 * GET /api/services/:serviceId/menu: a service's whole menu in one response, from MenuCache's
 * prepared bytes. Strong ETag plus `Cache-Control: no-cache`: the service worker keeps a copy and
 * revalidates it (stale-while-revalidate happens there), and an unchanged menu costs a 304.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { ErrorBodySchema, MenuResponseSchema } from "../../../domain/api";
import { notFound } from "../../http/api-error";
import { IdSchema } from "../../http/schemas";
import { chooseRepresentation, matchesIfNoneMatch } from "../../menu/encoded-body";
import type { CachedMenu, MenuCache } from "../../menu/menu-cache";

export interface ServiceRoutesOptions {
  menuCache: MenuCache;
}

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
        response: {
          200: MenuResponseSchema,
          304: Type.Null({ description: "Not Modified: the copy named by If-None-Match is current" }),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request, reply) => {
      const { serviceId } = request.params;
      // The hot path stays synchronous: no promise, no database, just the prepared bytes.
      const fresh = menuCache.peek(serviceId);
      if (fresh !== undefined) {
        sendMenu(request, reply, serviceId, fresh);
        return;
      }
      return menuCache.load(serviceId).then((menu) => {
        sendMenu(request, reply, serviceId, menu);
      });
    },
  );
};

function sendMenu(request: FastifyRequest, reply: FastifyReply, serviceId: number, menu: CachedMenu | null): void {
  if (menu === null) {
    reply.send(notFound("SERVICE_NOT_FOUND", `There is no service ${serviceId}`));
    return;
  }
  const representation = chooseRepresentation(menu.body, request.headers["accept-encoding"]);
  reply.headers({ "cache-control": "no-cache", vary: "Accept-Encoding", etag: representation.etag });
  if (matchesIfNoneMatch(request.headers["if-none-match"], menu.body.etags)) {
    reply.code(304).send();
    return;
  }
  reply.header("content-type", "application/json; charset=utf-8");
  if (representation.coding !== "identity") reply.header("content-encoding", representation.coding);
  reply.send(representation.bytes);
}
