/**
 * GET /api/dev/outbox?to=: the messages the outbox provider stored for one phone (E.164; a "+"
 * written unencoded in a query reads as a space and is accepted) or e-mail address, newest first.
 * It exists for end-to-end tests and demos, which read sign-in codes here; it is registered only
 * when DEV_OUTBOX_API=on and must never be on in production (it hands out codes).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely } from "kysely";
import { OutboxMessagesResponseSchema, OutboxQuerySchema } from "../../../domain/auth-api";
import { listOutboxMessagesTo } from "../../db/repositories/outbox.repository";
import type { Database } from "../../db/schema";
import { errorResponses } from "../../http/schemas";

export interface DevRoutesOptions {
  db: Kysely<Database>;
}

const MESSAGES_LISTED = 20;

export const devRoutes: FastifyPluginAsyncTypebox<DevRoutesOptions> = async (app, { db }) => {
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Messages stored in the outbox for a recipient (DEV_OUTBOX_API=on only; codes included)",
        querystring: OutboxQuerySchema,
        response: { 200: OutboxMessagesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const rows = await listOutboxMessagesTo(db, recipientOf(request.query.to), MESSAGES_LISTED);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          storeId: row.store_id,
          createdAt: row.created_at,
        })),
      };
    },
  );
};

/** " 306912345678" (an unencoded +) and "306912345678" both mean +306912345678; e-mail is lower-cased. */
function recipientOf(to: string): string {
  const trimmed = to.trim();
  if (/^\+?\d+$/.test(trimmed)) return `+${trimmed.replace(/^\+/, "")}`;
  return trimmed.toLowerCase();
}
