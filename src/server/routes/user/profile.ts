/**
 * A guest's profile (spec §6): update name, e-mail and newsletter choice (answers new tokens),
 * opt out of the newsletter, ask whether they are a member of a store.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  AuthHeadersSchema,
  MembershipQuerySchema,
  MembershipResponseSchema,
  SessionResponseSchema,
  UpdateUserRequestSchema,
  UserResponseSchema,
} from "../../../domain/auth-api";
import { checkEmail } from "../../../domain/email";
import type { AccountsContext } from "../../auth/context";
import { countIdentityChange } from "../../auth/identity-changes";
import { forgetPreviousEmail } from "../../auth/personal-data";
import { authenticate, authenticateGuest, rotateTokens } from "../../auth/sessions";
import { sessionResponse, userDto } from "../../auth/user-dto";
import { isUniqueViolation } from "../../db/errors";
import { hasMembership } from "../../db/repositories/memberships.repository";
import { findStoreById } from "../../db/repositories/store.repository";
import {
  findAccountById,
  isEmailTaken,
  type ProfileChanges,
  updateProfile,
} from "../../db/repositories/users.repository";
import { conflict, invalidInput, notFound } from "../../http/api-error";
import { errorResponses, NoQuerySchema } from "../../http/schemas";

export interface ProfileRoutesOptions {
  ctx: AccountsContext;
}

const emailTaken = () => conflict("EMAIL_ALREADY_USED", "This email address is already registered");
const EMAIL_MESSAGES = { EMPTY_EMAIL: "Email cannot be empty", INVALID_EMAIL: "Invalid email address" } as const;

export const profileRoutes: FastifyPluginAsyncTypebox<ProfileRoutesOptions> = async (app, { ctx }) => {
  app.post(
    "/user/v2/update",
    {
      schema: {
        tags: ["accounts"],
        summary: "Update the guest's name, e-mail (null removes it) and newsletter choice; answers new tokens",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        body: UpdateUserRequestSchema,
        response: { 200: SessionResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const signedIn = await authenticateGuest(ctx, request.headers);
      const userId = signedIn.account.user.id;
      const { name, email, optedInForNewsletter } = request.body;
      const changes: ProfileChanges = { optedInForNewsletter };
      if (name !== undefined) changes.name = name === null || name.trim() === "" ? null : name.trim();
      if (email !== undefined && email !== null) {
        const checked = checkEmail(email);
        if (!checked.ok) throw invalidInput(checked.code, EMAIL_MESSAGES[checked.code]);
        if (checked.email !== signedIn.account.user.email) await countIdentityChange(ctx, userId);
        if (await isEmailTaken(ctx.db, checked.email, userId)) throw emailTaken();
        changes.email = checked.email;
      } else if (email === null) {
        changes.email = null;
      }
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await updateProfile(trx, userId, changes, ctx.now().toISOString());
          // Privacy: what was sent to the old address goes with it.
          if (changes.email !== undefined) await forgetPreviousEmail(trx, signedIn.account.user.email, changes.email);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      const tokens = await rotateTokens(ctx, signedIn);
      return sessionResponse((await findAccountById(ctx.db, userId)) ?? signedIn.account, tokens);
    },
  );

  app.post(
    "/newsletter/opt-out",
    {
      schema: {
        tags: ["accounts"],
        summary: "Stop the newsletter for the guest",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: UserResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { account } = await authenticateGuest(ctx, request.headers);
      await updateProfile(ctx.db, account.user.id, { optedInForNewsletter: false }, ctx.now().toISOString());
      return { user: userDto((await findAccountById(ctx.db, account.user.id)) ?? account) };
    },
  );

  app.get(
    "/user/membership",
    {
      schema: {
        tags: ["accounts"],
        summary: "Whether the signed-in guest is a member (all-inclusive guest) of the store: true or false",
        headers: AuthHeadersSchema,
        querystring: MembershipQuerySchema,
        response: { 200: MembershipResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { account } = await authenticate(ctx, request.headers);
      const { restaurantId } = request.query;
      if ((await findStoreById(ctx.db, restaurantId)) === undefined) {
        throw notFound("STORE_NOT_FOUND", `There is no store ${restaurantId}`);
      }
      reply.header("cache-control", "no-store");
      // Staff and visitors have no phone, so no membership.
      const phone = account.user.phone;
      return phone !== null && (await hasMembership(ctx.db, restaurantId, phone, ctx.now().toISOString()));
    },
  );
};
