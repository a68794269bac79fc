/**
 * The venue's own changes to its catalogue (shapes in src/domain/staff-catalogue-api.ts):
 *   PUT /api/staff/stores/:storeId/items/:itemId/stock   waiters and admins of that store
 *   PATCH /api/staff/stores/:storeId/items/:itemId       admins of that store (a waiter 403)
 *   GET /api/staff/stores/:storeId/catalogue             waiters and admins of that store
 *   PUT /api/staff/stores/:storeId/services/:serviceId/pause     waiters and admins of that store
 *   DELETE /api/staff/stores/:storeId/services/:serviceId/pause  (resume) waiters and admins of that store
 * A staff session of that store is required: guests, visitors and staff of another store get 403
 * FORBIDDEN; an item that is not the store's 404 NOT_FOUND. Every write takes an Idempotency-Key
 * and runs once.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  ServicePauseRequestSchema,
  ServicePauseStateSchema,
  StoreServiceParamsSchema,
} from "../../../domain/service-pause-api";
import {
  EditableItemSchema,
  ItemEditSchema,
  ItemStockChangeSchema,
  ItemStockSchema,
  StaffCatalogueSchema,
  StoreItemParamsSchema,
  StoreParamsSchema,
} from "../../../domain/staff-catalogue-api";
import { editItem } from "../../catalogue/item-edit";
import { setItemStock } from "../../catalogue/item-stock";
import { setServicePause } from "../../catalogue/service-pause";
import { readStaffCatalogue } from "../../catalogue/staff-catalogue";
import { forbidden } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { authenticateStaff } from "../staff-orders/staff-session";

const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 422);

export const staffCatalogueRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/staff/stores/:storeId/catalogue",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The store's services, categories and items as staff change them: versions, prices, stock, photos. Waiters and admins of that store",
        params: StoreParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: StaffCatalogueSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
      if (staff.storeId !== request.params.storeId)
        throw forbidden("Only the staff of this store can read its catalogue this way");
      return readStaffCatalogue(ctx, staff.storeId);
    },
  );

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

  app.put(
    "/staff/stores/:storeId/services/:serviceId/pause",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Pause a service now, for 5 to 720 minutes or until resumed (minutes null), with a reason guests read; it takes no orders (422 SERVICE_PAUSED) until then. Waiters and admins of that store",
        params: StoreServiceParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: ServicePauseRequestSchema,
        response: { 200: ServicePauseStateSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
      if (staff.storeId !== request.params.storeId)
        throw forbidden("Only the staff of this store can pause its services");
      const answer = await setServicePause(ctx, staff, key, request.params.serviceId, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );

  app.delete(
    "/staff/stores/:storeId/services/:serviceId/pause",
    {
      schema: {
        tags: ["staff"],
        summary: "Resume a paused service now: it takes orders again. Waiters and admins of that store",
        params: StoreServiceParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        response: { 200: ServicePauseStateSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
      if (staff.storeId !== request.params.storeId)
        throw forbidden("Only the staff of this store can resume its services");
      const answer = await setServicePause(ctx, staff, key, request.params.serviceId, null);
      return sendStoredAnswer(reply, answer);
    },
  );

  app.patch(
    "/staff/stores/:storeId/items/:itemId",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Edit an item's names, details and prices by the venue file's rules; with version, refused (409 ITEM_CHANGED) if another admin changed it since. Guests' menus show it at once. Admins of that store",
        params: StoreItemParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: ItemEditSchema,
        response: { 200: EditableItemSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
      if (staff.storeId !== request.params.storeId)
        throw forbidden("Only the staff of this store can change its items");
      if (staff.role !== "ADMIN") throw forbidden("Only an admin of the store can edit its items");
      const answer = await editItem(ctx, staff, key, request.params.itemId, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );
};
