/**
 * A store's administration by its admins (shapes in src/domain/staff-admin-api.ts): the audit
 * list, the store as a venue file, its staff and item photos. Admins of that store only: a waiter
 * or another store's admin gets 403 FORBIDDEN, an id that is not the store's 404 NOT_FOUND. Every
 * write takes an Idempotency-Key and runs once.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuditPageSchema, AuditQuerySchema, StoreParamsSchema } from "../../../domain/staff-admin-api";
import { exportVenueFile } from "../../catalogue/venue-file-export";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { listAudit } from "../../staff/audit";
import { VenueFileSchema } from "../../venue/venue-file";
import { authenticateAdminOf } from "./admin-of-store";

const READ_ERRORS = errorResponses(400, 401, 403, 404);

export const staffAdminRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/staff/stores/:storeId/audit",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Who changed what in the store and when, newest first: before and after, by whom. Page with before = the previous page's next. Admins of that store",
        params: StoreParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authenticateAdminOf(ctx, request.headers, request.params.storeId);
      return listAudit(ctx.db, request.params.storeId, request.query);
    },
  );

  app.get(
    "/staff/stores/:storeId/venue-file",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The store as a venue file (venues/README.md) as it is now; importing it gives the same catalogue. Staff come without PINs (they never leave the server): an import keeps each listed member's PIN. Admins of that store",
        params: StoreParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: VenueFileSchema, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const { storeId } = request.params;
      await authenticateAdminOf(ctx, request.headers, storeId);
      const file = await exportVenueFile(ctx.db, storeId);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="venue-${storeId}.json"`)
        .send(file);
    },
  );
};
