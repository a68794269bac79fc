/** GET /api/demo/links: the demo links for the landing page; 404 when the demo venues are off. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely } from "kysely";
import { DemoLinksResponseSchema, ErrorBodySchema } from "../../../domain/api";
import type { Database } from "../../db/schema";
import { listDemoLinks } from "../../demo-links";
import { notFound } from "../../http/api-error";

export interface DemoRoutesOptions {
  db: Kysely<Database>;
  enabled: boolean;
  now: () => Date;
}

export const demoRoutes: FastifyPluginAsyncTypebox<DemoRoutesOptions> = async (app, { db, enabled, now }) => {
  app.get(
    "/demo/links",
    {
      schema: {
        tags: ["guest"],
        summary: "Links to the demo venues' spots, while the demo venues are on (DEMO_VENUES)",
        response: { 200: DemoLinksResponseSchema, 404: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      if (!enabled) throw notFound("NOT_FOUND", "The demo venues are off");
      reply.header("cache-control", "no-cache");
      return { links: await listDemoLinks(db, now()) };
    },
  );
};
