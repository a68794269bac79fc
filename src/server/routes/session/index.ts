/**
 * Session calls (spec §7): refresh (both paths the spec names) rotates the authToken and issues a
 * new jwt; logout ends every session of a guest's account, but only this device's session of a
 * staff member (a waiter's Lock on one PDA leaves the same waiter's other PDAs working; signing a
 * staff member out everywhere is an admin's action, admin-api). Both accept a jwt past its 30
 * minutes: the app refreshes at start, often hours after its last jwt expired.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuthHeadersSchema, OkResponseSchema, RefreshResponseSchema } from "../../../domain/auth-api";
import type { AccountsContext } from "../../auth/context";
import { authenticate, refreshSession, revokeEverySession, revokeThisSession } from "../../auth/sessions";
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
        summary:
          "Sign out: a guest everywhere (every authToken, jwt and refresh of the account stops working); a staff member on this device only",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const signedIn = await authenticate(ctx, request.headers, { allowExpiredJwt: true });
      if (signedIn.account.user.kind === "staff") await revokeThisSession(ctx.db, signedIn.sessionId, ctx.now());
      else await revokeEverySession(ctx.db, signedIn.account.user.id, ctx.now());
      return { ok: true as const };
    },
  );
};
