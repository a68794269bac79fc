/**
 * The spots guests order from, as an admin changes them (shapes in src/domain/staff-spots-api.ts):
 *   GET /api/staff/stores/:storeId/spots            admins of that store
 *   POST /api/staff/stores/:storeId/spots           admins, Idempotency-Key; 201
 *   PATCH /api/staff/stores/:storeId/spots/:spotId  admins, Idempotency-Key
 *   GET /api/staff/stores/:storeId/qr-sheet         admins: the printable sheet of `venue:qr`
 * Staff of another store, waiters and guests get 403 FORBIDDEN; a spot that is not the store's 404.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { StoreParamsSchema } from "../../../domain/staff-catalogue-api";
import {
  QrSheetQuerySchema,
  SpotCreateSchema,
  SpotEditSchema,
  StaffSpotSchema,
  StaffSpotsSchema,
  StoreSpotParamsSchema,
} from "../../../domain/staff-spots-api";
import { createSpot, editSpot, listSpots } from "../../catalogue/spot-edit";
import { notFound } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { renderQrSheet, storeSheet } from "../../venue/qr-sheet";
import { adminOfStore } from "../staff-orders/staff-session";

const READ_ERRORS = errorResponses(401, 403, 404);
const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 422);

export const staffSpotRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  /** The address guests reach, which QR codes print: PUBLIC_URL, else the one this request came to. */
  function publicBaseOf(request: FastifyRequest): string {
    return ctx.publicUrl ?? `${request.protocol}://${request.host}`;
  }

  app.get(
    "/staff/stores/:storeId/spots",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The store's spots with the address each QR code opens, and the floor's sections. Admins of that store",
        params: StoreParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: StaffSpotsSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      return listSpots(ctx.db, staff.storeId, publicBaseOf(request));
    },
  );

  app.post(
    "/staff/stores/:storeId/spots",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Add a spot (table, umbrella, beach chair, room, delivery link) a service is available at; its id is the one given (409 SPOT_ID_TAKEN if in use) or the next free one. Admins of that store",
        params: StoreParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: SpotCreateSchema,
        response: { 201: StaffSpotSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      return sendStoredAnswer(reply, await createSpot(ctx, staff, key, request.body, publicBaseOf(request)));
    },
  );

  app.patch(
    "/staff/stores/:storeId/spots/:spotId",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Edit a spot's name, names, type, capacity or section; with version, refused (409 SPOT_CHANGED) if another admin changed it since. Admins of that store",
        params: StoreSpotParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: SpotEditSchema,
        response: { 200: StaffSpotSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      const answer = await editSpot(ctx, staff, key, request.params.spotId, request.body, publicBaseOf(request));
      return sendStoredAnswer(reply, answer);
    },
  );

  app.get(
    "/staff/stores/:storeId/qr-sheet",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The printable QR sheet (one self-contained HTML file, as `npm run venue:qr` writes) of every spot, or of one with spotId. Admins of that store",
        params: StoreParamsSchema,
        querystring: QrSheetQuerySchema,
        response: { 200: Type.String({ description: "the sheet, a self-contained text/html page" }), ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const staff = await adminOfStore(ctx, request.headers, request.params.storeId);
      const { spotId } = request.query;
      const sheet = await storeSheet(ctx.db, staff.storeId, publicBaseOf(request), spotId);
      if (spotId !== undefined && sheet.links.length === 0) {
        throw notFound("NOT_FOUND", `There is no spot ${spotId} in this store`);
      }
      const name = spotId === undefined ? `qr-store-${staff.storeId}.html` : `qr-spot-${spotId}.html`;
      return reply
        .type("text/html; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(await renderQrSheet(sheet));
    },
  );
};
