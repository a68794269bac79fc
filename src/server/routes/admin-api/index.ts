/**
 * The admin service (spec §7: "staff admin accounts use a separate admin service"),
 * registered under its own base path, /admin-api, by the same process. The app reaches it at
 * VITE_ADMIN_API_URL (default: same origin /admin-api), so it can be moved to a process or host of
 * its own without touching the app's code. Every call needs an admin's session (authToken + jwt)
 * and answers only for the stores that admin administers (403 otherwise).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema, StaffLoginTokenResponseSchema } from "../../../domain/auth-api";
import {
  AdminAccountsQuerySchema,
  AdminAccountsResponseSchema,
  AdminLoginTokenRequestSchema,
  RevokeLoginTokensResponseSchema,
  SignOutEverywhereRequestSchema,
  SignOutEverywhereResponseSchema,
  StoreStaffQuerySchema,
  StoreStaffResponseSchema,
} from "../../../domain/staff-sign-in-api";
import {
  adminAccounts,
  parseRestaurantIds,
  revokeLoginTokens,
  signOutEverywhere,
  storeStaff,
} from "../../auth/admin-service";
import type { AccountsContext } from "../../auth/context";
import { authenticate } from "../../auth/sessions";
import { issueLoginTokenAtStore } from "../../auth/staff-sign-in";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import type { IdempotencyContext } from "../../orders/idempotency";

export interface AdminApiRoutesOptions {
  ctx: AccountsContext & IdempotencyContext;
}

const RevokeQuerySchema = Type.Object(
  { storeId: Type.Integer({ minimum: 1 }), staffId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const adminApiRoutes: FastifyPluginAsyncTypebox<AdminApiRoutesOptions> = async (app, { ctx }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/staff/admin-accounts",
    {
      schema: {
        tags: ["admin"],
        summary: "The admin accounts (and PIN-guessing alerts) of the given stores; only for their admins",
        querystring: AdminAccountsQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: AdminAccountsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const admin = await authenticate(ctx, request.headers);
      return adminAccounts(ctx, admin, parseRestaurantIds(request.query.restaurantIds));
    },
  );

  app.get(
    "/staff/members",
    {
      schema: {
        tags: ["admin"],
        summary: "The staff of a store with their usable login tokens",
        querystring: StoreStaffQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: StoreStaffResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => storeStaff(ctx, await authenticate(ctx, request.headers), request.query.storeId),
  );

  app.post(
    "/staff/login-tokens",
    {
      schema: {
        tags: ["admin"],
        summary: "Issue a one-use login token (24 hours) for a staff member of a store the admin administers",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        body: AdminLoginTokenRequestSchema,
        response: { 201: StaffLoginTokenResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const admin = await authenticate(ctx, request.headers);
      const { storeId, staffId } = request.body;
      return reply.code(201).send(await issueLoginTokenAtStore(ctx, admin, storeId, staffId));
    },
  );

  app.delete(
    "/staff/login-tokens",
    {
      schema: {
        tags: ["admin"],
        summary: "Revoke every usable login token of a staff member (idempotent)",
        querystring: RevokeQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: RevokeLoginTokensResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await authenticate(ctx, request.headers);
      return revokeLoginTokens(ctx, admin, request.query.storeId, request.query.staffId);
    },
  );

  app.post(
    "/staff/sign-out-everywhere",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Sign a staff member out on every device: every session, authToken and jwt of theirs stops working (their own Lock ends only one PDA's session)",
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        body: SignOutEverywhereRequestSchema,
        response: { 200: SignOutEverywhereResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const admin = await authenticate(ctx, request.headers);
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      return sendStoredAnswer(reply, await signOutEverywhere(ctx, admin, request.body, key));
    },
  );
};
