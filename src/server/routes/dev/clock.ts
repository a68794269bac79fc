/**
 * PUT /api/dev/clock { date }: moves the server's clock to `date` (it keeps running from there).
 * Registered only when DEV_CLOCK_API=on (end-to-end tests, demos); never on in production.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { UtilsDateResponseSchema } from "../../../domain/api";
import type { AdjustableClock } from "../../dev-clock";
import { errorResponses } from "../../http/schemas";

export const devClockRoutes: FastifyPluginAsyncTypebox<{ clock: AdjustableClock }> = async (app, { clock }) => {
  app.put(
    "/dev/clock",
    {
      schema: {
        tags: ["dev"],
        summary: "Sets the server's clock (DEV_CLOCK_API=on only)",
        body: Type.Object({ date: Type.String({ format: "date-time" }) }),
        response: { 200: UtilsDateResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      clock.set(new Date(request.body.date));
      return { date: clock.now().toISOString() };
    },
  );
};
