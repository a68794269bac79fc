/**
 * Saved cards of the signed-in guest (spec §3 payment, §7 creditCard/*): the provider's token, the
 * brand and the last four digits; never card data. A card of another account looks missing. A
 * deleted card's token is retired for everyone (../../payments/card-token-owners.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema, CardTokenHeadersSchema, SavedCardsResponseSchema } from "../../../domain/auth-api";
import type { AccountsContext } from "../../auth/context";
import { authenticateGuest } from "../../auth/sessions";
import { deleteSavedCardOfUser, listSavedCardsOfUser } from "../../db/repositories/saved-cards.repository";
import { notFound } from "../../http/api-error";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import { retireCard } from "../../payments/card-token-owners";

export interface CardRoutesOptions {
  ctx: AccountsContext;
}

const AuthAndCardHeadersSchema = Type.Object({
  ...AuthHeadersSchema.properties,
  ...CardTokenHeadersSchema.properties,
});

export const cardRoutes: FastifyPluginAsyncTypebox<CardRoutesOptions> = async (app, { ctx }) => {
  app.get(
    "/creditCard/user",
    {
      schema: {
        tags: ["accounts"],
        summary: "The guest's saved cards: provider token, brand, last four digits",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: SavedCardsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { account } = await authenticateGuest(ctx, request.headers);
      reply.header("cache-control", "no-store");
      const cards = await listSavedCardsOfUser(ctx.db, account.user.id);
      return {
        cards: cards.map((card) => ({
          cardToken: card.provider_token,
          brand: card.brand,
          lastFourDigits: card.last_four,
        })),
      };
    },
  );

  app.delete(
    "/creditCard/delete",
    {
      schema: {
        tags: ["accounts"],
        summary: "Delete one of the guest's saved cards, named by the cardToken header; answers 204",
        querystring: NoQuerySchema,
        headers: AuthAndCardHeadersSchema,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { account } = await authenticateGuest(ctx, request.headers);
      const cardToken = request.headers.cardtoken;
      const deleted =
        cardToken !== undefined &&
        (await ctx.db.transaction().execute(async (trx) => {
          if (!(await deleteSavedCardOfUser(trx, account.user.id, cardToken))) return false;
          // A tombstone: nobody may pay with or save this token again.
          await retireCard(trx, cardToken, ctx.now());
          return true;
        }));
      if (!deleted) throw notFound("NOT_FOUND", "There is no such saved card");
      return reply.code(204).send(null);
    },
  );
};
