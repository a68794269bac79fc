/**
 * POST /api/info/contact: the contact-us form of the info pages (spec §2, §5: all fields
 * mandatory, valid e-mail). The message goes to the store's contact e-mail, or to the product's
 * own address when no store is named.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely } from "kysely";
import { Type } from "typebox";
import { ContactRequestSchema, ErrorBodySchema } from "../../../domain/api";
import { CONTACT_LIMITS_PER_ADDRESS } from "../../auth/limits";
import { consume, release, throttleKeys } from "../../auth/throttle";
import { findStoreById } from "../../db/repositories/store.repository";
import type { Database } from "../../db/schema";
import { badRequest, notFound, tooManyRequests } from "../../http/api-error";
import type { Messenger } from "../../notify/messenger";
import { contactEmail } from "./contact-message";

export interface InfoRoutesOptions {
  db: Kysely<Database>;
  /** E-mail goes to the outbox, or by SMTP when SMTP_URL is set. */
  messenger: Messenger;
  /** Recipient when the form names no store (CONTACT_EMAIL). */
  contactEmail: string;
  now?: () => Date;
}

const ContactAcceptedSchema = Type.Object({ ok: Type.Literal(true) });

export const infoRoutes: FastifyPluginAsyncTypebox<InfoRoutesOptions> = async (app, options) => {
  const { db, messenger } = options;
  const now = options.now ?? (() => new Date());
  app.post(
    "/info/contact",
    {
      schema: {
        tags: ["guest"],
        summary: "Send a message to the venue (or to the product's team when no storeId is given)",
        body: ContactRequestSchema,
        response: { 202: ContactAcceptedSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const form = request.body;
      for (const field of ["name", "message"] as const) {
        if (form[field].trim() === "") throw badRequest(`body.${field}: must not be blank`);
      }
      const store = form.storeId === undefined ? null : ((await findStoreById(db, form.storeId)) ?? null);
      if (form.storeId !== undefined && store === null)
        throw notFound("STORE_NOT_FOUND", `There is no store ${form.storeId}`);
      // Counted only once the message is valid: a guest fixing a typo is not throttled.
      const at = now();
      const decision = await consume(db, throttleKeys.contactFromAddress(request.ip), CONTACT_LIMITS_PER_ADDRESS, at);
      if (!decision.allowed) {
        throw tooManyRequests("RATE_LIMITED", "Too many messages; try again later", decision.retryAfterMs);
      }
      try {
        await messenger.send(contactEmail(form, store, options.contactEmail, at));
      } catch (error) {
        await release(db, decision); // a message that was not sent does not count
        throw error;
      }
      return reply.code(202).send({ ok: true });
    },
  );
};
