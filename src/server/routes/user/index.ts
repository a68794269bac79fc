/**
 * The signed-in guest's own account (spec §6): phone change, profile, newsletter, membership and
 * deletion. Every call acts on the account the session's tokens name, never on an id it is sent;
 * the one exception is the e-mails' newsletter opt-out link, whose signed token names the account.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuthHeadersSchema, OkResponseSchema } from "../../../domain/auth-api";
import { deleteAccount } from "../../auth/account-deletion";
import type { AccountsContext } from "../../auth/context";
import { authenticateGuest } from "../../auth/sessions";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import { newsletterLinkRoutes } from "./newsletter-link";
import { phoneChangeRoutes } from "./phone-change";
import { profileRoutes } from "./profile";

export interface UserRoutesOptions {
  ctx: AccountsContext;
}

export const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (app, { ctx }) => {
  await app.register(phoneChangeRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(newsletterLinkRoutes, { ctx });

  app.post(
    "/user/delete",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Delete the guest's account: personal data erased, orders kept anonymised, every token of the account refused",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await deleteAccount(ctx, await authenticateGuest(ctx, request.headers));
      return { ok: true as const };
    },
  );
};
