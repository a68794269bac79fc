/**
 * Session calls (spec §7): refresh (both paths the spec names) rotates the authToken and issues a
 * new jwt; logout ends every session of the account. Both accept a jwt past its 30 minutes: the
 * app refreshes at start, often hours after its last jwt expired.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuthHeadersSchema, OkResponseSchema, RefreshResponseSchema } from "../../../domain/auth-api";
import type { AccountsContext } from "../../auth/context";
import { authenticate, refreshSession, revokeEverySession } from "../../auth/sessions";
import { userDto } from "../../auth/user-dto";
import { errorResponses, NoQuerySchema } from "../../http/schemas";

export interface SessionRoutesOptions {
  ctx: AccountsContext;
}

export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, { ctx }) => {
  for (const url of ["/authenticate/tokens/validate/refresh", "/authenticate/v2/tokens/validate/refresh"]) {
    app.get(
      url,
      {
        schema: {
          tags: ["accounts"],
          summary:
            "Check the session and rotate its tokens: a new authToken and jwt (the old authToken may refresh once more within 60 s)",
          querystring: NoQuerySchema,
          headers: AuthHeadersSchema,
          response: { 200: RefreshResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const { account, tokens } = await refreshSession(ctx, request.headers);
        return { user: userDto(account), authToken: tokens.authToken, jwt: tokens.jwt };
      },
    );
  }

  app.post(
    "/authenticate/logout",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign out everywhere: every authToken, jwt and refresh of the account stops working",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const signedIn = await authenticate(ctx, request.headers, { allowExpiredJwt: true });
      await revokeEverySession(ctx.db, signedIn.account.user.id, ctx.now());
      return { ok: true as const };
    },
  );
};
