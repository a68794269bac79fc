/** GET /api/tables/:tableId: what a guest sees after scanning a spot's QR code. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely } from "kysely";
import { Type } from "typebox";
import { ErrorBodySchema, TableResponseSchema } from "../../../domain/api";
import { serviceAvailableAt, serviceDto, spotDto, storeDto } from "../../catalogue/presenters";
import { listServicesOfStore } from "../../db/repositories/service.repository";
import { findSpotById } from "../../db/repositories/spot.repository";
import { findStoreById } from "../../db/repositories/store.repository";
import type { Database } from "../../db/schema";
import { notFound } from "../../http/api-error";
import { IdSchema } from "../../http/schemas";

export interface TableRoutesOptions {
  db: Kysely<Database>;
}

export const tableRoutes: FastifyPluginAsyncTypebox<TableRoutesOptions> = async (app, { db }) => {
  app.get(
    "/tables/:tableId",
    {
      schema: {
        tags: ["guest"],
        summary:
          "A spot (table, room, umbrella, beach chair, delivery link) with its store and the services it can order from",
        params: Type.Object({ tableId: IdSchema }),
        response: { 200: TableResponseSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { tableId } = request.params;
      const spot = await findSpotById(db, tableId);
      if (spot === undefined) throw notFound("TABLE_NOT_FOUND", `There is no table ${tableId}`);
      const store = await findStoreById(db, spot.store_id);
      // Cannot happen while the foreign key holds; say so plainly if it ever does.
      if (store === undefined) throw new Error(`spot ${spot.id} refers to missing store ${spot.store_id}`);
      const services = (await listServicesOfStore(db, store.id))
        .filter((service) => serviceAvailableAt(service).includes(spot.type))
        .map(serviceDto);
      reply.header("cache-control", "no-cache");
      return { store: storeDto(store, services.length), spot: spotDto(spot), services };
    },
  );
};
