/**
 * The venue's own changes to its catalogue (shapes in src/domain/staff-catalogue-api.ts):
 *   PUT /api/staff/stores/:storeId/items/:itemId/stock   waiters and admins of that store
 *   PATCH /api/staff/stores/:storeId/items/:itemId       admins of that store (a waiter 403)
 *   GET /api/staff/stores/:storeId/catalogue             waiters and admins of that store
 *   PATCH /api/staff/stores/:storeId/services/:serviceId admins of that store (a waiter 403)
 *   PATCH /api/staff/stores/:storeId/categories/:categoryId                    admins
 *   PUT /api/staff/stores/:storeId/categories/:categoryId/item-order           admins
 *   PUT /api/staff/stores/:storeId/services/:serviceId/category-order          admins
 *   GET and PUT /api/staff/stores/:storeId/items/:itemId/groups                admins
 *   PUT /api/staff/stores/:storeId/services/:serviceId/pause     waiters and admins of that store
 *   DELETE /api/staff/stores/:storeId/services/:serviceId/pause  (resume) waiters and admins of that store
 * A staff session of that store is required: guests, visitors and staff of another store get 403
 * FORBIDDEN; an item that is not the store's 404 NOT_FOUND. Every write takes an Idempotency-Key
 * and runs once.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ServicePauseRequestSchema, ServicePauseStateSchema } from "../../../domain/service-pause-api";
import {
  CategoryEditSchema,
  CategoryOrderSchema,
  EditableCategorySchema,
  EditableItemSchema,
  EditableServiceSchema,
  ItemEditSchema,
  ItemGroupsEditSchema,
  ItemGroupsSchema,
  ItemOrderSchema,
  ItemStockChangeSchema,
  ItemStockSchema,
  ServiceEditSchema,
  StaffCatalogueSchema,
  StoreCategoryParamsSchema,
  StoredCategoryOrderSchema,
  StoredItemOrderSchema,
  StoreItemParamsSchema,
  StoreParamsSchema,
  StoreServiceParamsSchema,
} from "../../../domain/staff-catalogue-api";
import { orderCategories, orderItems } from "../../catalogue/catalogue-order";
import { editCategory } from "../../catalogue/category-edit";
import { editItem } from "../../catalogue/item-edit";
import { readItemGroups, replaceItemGroups } from "../../catalogue/item-groups";
import { setItemStock } from "../../catalogue/item-stock";
import { editService } from "../../catalogue/service-edit";
import { setServicePause } from "../../catalogue/service-pause";
import { readStaffCatalogue } from "../../catalogue/staff-catalogue";
import { notFound } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { adminOfStore, staffOfStore } from "../staff-orders/staff-session";

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
      const staff = await staffOfStore(ctx, request.headers, request.params.storeId);
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
      const staff = await staffOfStore(ctx, request.headers, request.params.storeId);
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
      const staff = await staffOfStore(ctx, request.headers, request.params.storeId);
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
      const staff = await staffOfStore(ctx, request.headers, request.params.storeId);
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
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      const answer = await editItem(ctx, staff, key, request.params.itemId, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );

  app.patch(
    "/staff/stores/:storeId/services/:serviceId",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Edit a service's names, hours, scheduled orders, limits, happy hour and delivery discount by the venue file's rules (null removes an optional setting); with version, refused (409 SERVICE_CHANGED) if another admin changed it since. Admins of that store",
        params: StoreServiceParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: ServiceEditSchema,
        response: { 200: EditableServiceSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      const answer = await editService(ctx, staff, key, request.params.serviceId, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );

  app.patch(
    "/staff/stores/:storeId/categories/:categoryId",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Edit a category's names and its limit per cart (null: none); with version, refused (409 CATEGORY_CHANGED) if another admin changed it since. Admins of that store",
        params: StoreCategoryParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: CategoryEditSchema,
        response: { 200: EditableCategorySchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStoredAnswer(reply, await editCategory(ctx, staff, key, request.params.categoryId, request.body));
    },
  );

  app.put(
    "/staff/stores/:storeId/categories/:categoryId/item-order",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Order a category's items: every item of the category exactly once (else 400 ORDER_INCOMPLETE); with version, refused (409 CATEGORY_CHANGED) if another admin changed the category since. Admins of that store",
        params: StoreCategoryParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: ItemOrderSchema,
        response: { 200: StoredItemOrderSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStoredAnswer(reply, await orderItems(ctx, staff, key, request.params.categoryId, request.body));
    },
  );

  app.put(
    "/staff/stores/:storeId/services/:serviceId/category-order",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Order a service's categories: every category of the service exactly once (else 400 ORDER_INCOMPLETE); with version, refused (409 SERVICE_CHANGED) if another admin changed the service since. Admins of that store",
        params: StoreServiceParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: CategoryOrderSchema,
        response: { 200: StoredCategoryOrderSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStoredAnswer(reply, await orderCategories(ctx, staff, key, request.params.serviceId, request.body));
    },
  );

  app.get(
    "/staff/stores/:storeId/items/:itemId/groups",
    {
      schema: {
        tags: ["staff"],
        summary: "An item's option groups and options in order, with the item's version. Admins of that store",
        params: StoreItemParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: ItemGroupsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      const item = await ctx.db
        .selectFrom("items")
        .select(["id", "version"])
        .where("id", "=", request.params.itemId)
        .where("store_id", "=", staff.storeId)
        .executeTakeFirst();
      if (item === undefined) throw notFound("NOT_FOUND", `There is no item ${request.params.itemId} in this store`);
      return { itemId: item.id, version: item.version, groups: await readItemGroups(ctx.db, item.id) };
    },
  );

  app.put(
    "/staff/stores/:storeId/items/:itemId/groups",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Replace an item's option groups whole and in order by the venue file's rules; a group or option keeps its id when sent with it, a new one takes the next free id; with version, refused (409 ITEM_CHANGED) if another admin changed the item since. Admins of that store",
        params: StoreItemParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: ItemGroupsEditSchema,
        response: { 200: ItemGroupsSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStoredAnswer(reply, await replaceItemGroups(ctx, staff, key, request.params.itemId, request.body));
    },
  );
};
