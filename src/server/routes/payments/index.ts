/**
 * POST /api/payments/sandbox/cards: the built-in sandbox provider's card form (a real provider
 * tokenizes on its own host, so card numbers never reach our API). Open to anyone, like a
 * provider's tokenization endpoint; a token alone pays nothing until an order authorizes it.
 * The request body holds a card number: Fastify's request logging never logs bodies
 * (src/server/logging.ts), and the route keeps nothing of it but the token, brand and last four.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { SandboxCardRequestSchema, TokenizedCardSchema } from "../../../domain/orders-api";
import { countCardTokenizing } from "../../auth/write-limits";
import { errorResponses } from "../../http/schemas";
import type { OrdersContext } from "../../orders/context";
import { tokenizeSandboxCard } from "../../payments/card-tokenizer";

export const paymentRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.post(
    "/payments/sandbox/cards",
    {
      schema: {
        tags: ["orders"],
        summary: "Tokenize a test card with the sandbox provider: answers its token, brand and last four digits",
        description:
          "4242 4242 4242 4242 is approved and 4000 0000 0000 0002 declined when an order authorizes it; other valid numbers approve.",
        body: SandboxCardRequestSchema,
        response: { 201: TokenizedCardSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      // Each call writes a sandbox_cards row: limited per address and overall.
      await countCardTokenizing(ctx.db, request.ip, ctx.now());
      const card = await tokenizeSandboxCard(ctx.db, request.body, ctx.now());
      reply.header("cache-control", "no-store");
      return reply.code(201).send(card);
    },
  );
};
