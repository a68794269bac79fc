/** GET /api/utils/date (spec §7): the server's clock, which the app uses as the current time. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { UtilsDateResponseSchema } from "../../../domain/api";

export interface UtilsRoutesOptions {
  now?: () => Date;
}

export const utilsRoutes: FastifyPluginAsyncTypebox<UtilsRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  app.get(
    "/utils/date",
    {
      schema: {
        tags: ["system"],
        summary: "The server's current instant (ISO 8601, UTC); the app converts it to Athens time",
        response: { 200: UtilsDateResponseSchema },
      },
    },
    async (_request, reply) => {
      // A cached time is a wrong time: neither the browser nor the service worker may keep it.
      reply.header("cache-control", "no-store");
      return { date: now().toISOString() };
    },
  );
};
