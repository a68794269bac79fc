/**
 * The venue's own changes to its catalogue (shapes in src/domain/staff-catalogue-api.ts):
 *   PUT /api/staff/stores/:storeId/items/:itemId/stock   waiters and admins of that store
 * A staff session of that store is required: guests, visitors and staff of another store get 403
 * FORBIDDEN; an item that is not the store's 404 NOT_FOUND. Every write takes an Idempotency-Key
 * and runs once.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ItemStockChangeSchema, ItemStockSchema, StoreItemParamsSchema } from "../../../domain/staff-catalogue-api";
import { setItemStock } from "../../catalogue/item-stock";
import { forbidden } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { authenticateStaff } from "../staff-orders/staff-session";

const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 422);

export const staffCatalogueRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.put(
    "/staff/stores/:storeId/items/:itemId/stock",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Set an item's stock: sold out (stockAmount 0), so many left, or not counted; guests' menus show it at once. Waiters and admins of that store",
        params: StoreItemParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: ItemStockChangeSchema,
        response: { 200: ItemStockSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
      if (staff.storeId !== request.params.storeId)
        throw forbidden("Only the staff of this store can change its items");
      const answer = await setItemStock(ctx, staff, key, request.params.itemId, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );
};
