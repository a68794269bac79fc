/**
 * A store's administration by its admins (shapes in src/domain/staff-admin-api.ts): the audit
 * list, the store as a venue file, its staff and item photos. Admins of that store only: a waiter
 * or another store's admin gets 403 FORBIDDEN, an id that is not the store's 404 NOT_FOUND. Every
 * write takes an Idempotency-Key and runs once.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyError, FastifyReply } from "fastify";
import {
  AddedStaffMemberSchema,
  AuditPageSchema,
  AuditQuerySchema,
  ItemPhotoSchema,
  MAX_PHOTO_BYTES,
  NewPinSchema,
  NewStaffMemberSchema,
  NoItemPhotoSchema,
  PHOTO_CONTENT_TYPES,
  PinChangeSchema,
  StaffListSchema,
  StaffMemberChangeSchema,
  StaffMemberRowSchema,
  StoreMemberParamsSchema,
} from "../../../domain/staff-admin-api";
import { StoreItemParamsSchema, StoreParamsSchema } from "../../../domain/staff-catalogue-api";
import { photoTooLarge, removeItemPhoto, setItemPhoto } from "../../catalogue/item-photo";
import { exportVenueFile } from "../../catalogue/venue-file-export";
import { invalidInput } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { listAudit } from "../../staff/audit";
import { addStaffMember, changeStaffMember, listStaff, type StaffAnswer, setStaffPin } from "../../staff/staff-admin";
import { VenueFileSchema } from "../../venue/venue-file";
import { adminOfStore } from "../staff-orders/staff-session";

const READ_ERRORS = errorResponses(400, 401, 403, 404);
const PHOTO_ERRORS = errorResponses(400, 401, 403, 404, 409, 413);
const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 422);

/** A staff write's answer: the PIN in it is rebuilt on a replay, never kept (staff-admin.ts). */
function sendStaffAnswer(reply: FastifyReply, answer: StaffAnswer): FastifyReply {
  reply.header("cache-control", "no-store");
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  return reply.code(answer.status).send(answer.body);
}

export interface StaffAdminOptions {
  ctx: OrdersContext;
  /** Where uploaded photos are kept (paths.ts uploadsDirOf). */
  uploadsDir: string;
}

export const staffAdminRoutes: FastifyPluginAsyncTypebox<StaffAdminOptions> = async (app, { ctx, uploadsDir }) => {
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
      await adminOfStore(ctx, request.headers, request.params.storeId);
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
      await adminOfStore(ctx, request.headers, storeId);
      const file = await exportVenueFile(ctx.db, storeId);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="venue-${storeId}.json"`)
        .send(file);
    },
  );

  app.get(
    "/staff/stores/:storeId/staff",
    {
      schema: {
        tags: ["staff"],
        summary: "The store's staff: name, role, active, version (never a PIN). Admins of that store",
        params: StoreParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: StaffListSchema, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      await adminOfStore(ctx, request.headers, request.params.storeId);
      reply.header("cache-control", "no-store");
      return { staff: await listStaff(ctx, request.params.storeId) };
    },
  );

  app.post(
    "/staff/stores/:storeId/staff",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Add a waiter or admin; the PIN given, else generated, is in this answer only (409 PIN_TAKEN when another member, active or not, has it). Admins of that store",
        params: StoreParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: NewStaffMemberSchema,
        response: { 201: AddedStaffMemberSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const admin = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStaffAnswer(reply, await addStaffMember(ctx, admin, key, request.body));
    },
  );

  app.patch(
    "/staff/stores/:storeId/staff/:userId",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Rename, change the role, deactivate (every session ends) or reactivate a member; with version, refused (409 STAFF_CHANGED) if another admin changed them since; an admin cannot deactivate or demote themself (403 OWN_ACCESS_UNCHANGEABLE). Admins of that store",
        params: StoreMemberParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: StaffMemberChangeSchema,
        response: { 200: StaffMemberRowSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const admin = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStaffAnswer(reply, await changeStaffMember(ctx, admin, key, request.params.userId, request.body));
    },
  );

  app.post(
    "/staff/stores/:storeId/staff/:userId/pin",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Set or reset a member's PIN (given, else generated), shown in this answer only; their sessions end. 409 PIN_TAKEN when another member, active or not, has it. Admins of that store",
        params: StoreMemberParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: PinChangeSchema,
        response: { 200: NewPinSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const admin = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStaffAnswer(reply, await setStaffPin(ctx, admin, key, request.params.userId, request.body));
    },
  );

  app.delete(
    "/staff/stores/:storeId/items/:itemId/photo",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Remove an item's photo: the guests' menu shows none at once. The file stays (its name is its content, another item may show it). Admins of that store",
        params: StoreItemParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        response: { 200: NoItemPhotoSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const admin = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStoredAnswer(reply, await removeItemPhoto(ctx, admin, key, request.params.itemId));
    },
  );

  // In a scope of its own: the only route whose body is a file, not JSON.
  await app.register(async (scope) => {
    const photos = scope.withTypeProvider<TypeBoxTypeProvider>();
    // Every body arrives as bytes, whatever type it claims, so that what is not a photo gets
    // the app's UNSUPPORTED_IMAGE rather than a generic 415, and one over the limit PHOTO_TOO_LARGE.
    photos.removeAllContentTypeParsers();
    photos.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    photos.setErrorHandler((error: FastifyError) => {
      // Thrown on to the application's error handler, which sends it as { code, message }.
      throw error.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? photoTooLarge() : error;
    });
    photos.post(
      "/staff/stores/:storeId/items/:itemId/photo",
      {
        bodyLimit: MAX_PHOTO_BYTES,
        schema: {
          tags: ["staff"],
          summary: `Upload an item's photo: the file itself as the body (${PHOTO_CONTENT_TYPES.join(", ")}, at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB, else 413 PHOTO_TOO_LARGE); judged by its content (anything else, an SVG too, is 400 UNSUPPORTED_IMAGE), turned upright, at most 1200 px wide, kept as WebP under a name that never changes, and shown on the guests' menu at once. Admins of that store`,
          consumes: [...PHOTO_CONTENT_TYPES],
          params: StoreItemParamsSchema,
          querystring: NoQuerySchema,
          headers: IdempotentHeadersSchema,
          response: { 200: ItemPhotoSchema, ...PHOTO_ERRORS },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
        const { storeId, itemId } = request.params;
        const admin = await adminOfStore(ctx, request.headers, storeId);
        const declared = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(declared) || !Buffer.isBuffer(request.body)) {
          throw invalidInput(
            "UNSUPPORTED_IMAGE",
            `Send the photo itself as the body, typed ${PHOTO_CONTENT_TYPES.join(", ")}`,
          );
        }
        return sendStoredAnswer(reply, await setItemPhoto(ctx, admin, key, itemId, request.body, uploadsDir));
      },
    );
  });
};
