/** GET /api/health: for load balancers and uptime checks; answers 503 while the database is down. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Kysely, sql } from "kysely";
import { Type } from "typebox";
import type { Database } from "../../db/schema";

export interface HealthRoutesOptions {
  db: Kysely<Database>;
}

const HealthSchema = Type.Object({ status: Type.Union([Type.Literal("ok"), Type.Literal("unavailable")]) });

export const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (app, { db }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Whether the server and its database answer",
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        await sql`select 1`.execute(db);
        return { status: "ok" as const };
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        return reply.code(503).send({ status: "unavailable" });
      }
    },
  );
};
