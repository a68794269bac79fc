/**
 * The kitchen and bar calls (shapes in src/domain/kitchen-api.ts). A staff session of the store is
 * required: guests and visitors 403, a station or ticket of another store 404. Every write takes an
 * Idempotency-Key and runs once (kitchen/ticket-writes.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import {
  PrinterStatusSchema,
  StationParamsSchema,
  StationSchema,
  StationsQuerySchema,
  TicketLineParamsSchema,
  TicketParamsSchema,
  TicketSchema,
  TicketsQuerySchema,
} from "../../../domain/kitchen-api";
import { notFound } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import { printerStatuses } from "../../kitchen/printer-statuses";
import { listStations, readyToCarry, stationTickets } from "../../kitchen/ticket-reads";
import { runTicketAction, type TicketAction } from "../../kitchen/ticket-writes";
import type { OrdersContext } from "../../orders/context";
import { authenticateStaff } from "../staff-orders/staff-session";

const READ_ERRORS = errorResponses(400, 401, 403, 404);
const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 422);

export const staffStationRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/staff/stations",
    {
      schema: {
        tags: ["kitchen"],
        summary: "The store's preparation stations (bar, kitchen), each with its id",
        querystring: StationsQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: Type.Array(StationSchema), ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      const asked = request.query.storeId;
      // The session decides the store; naming another one looks like a store with no stations.
      if (asked !== undefined && asked !== staff.storeId) throw notFound("STATION_NOT_FOUND", "No such store");
      reply.header("cache-control", "no-store");
      return listStations(ctx.db, staff.storeId);
    },
  );

  app.get(
    "/staff/stations/:stationId/tickets",
    {
      schema: {
        tags: ["kitchen"],
        summary:
          "A station's tickets still to make, oldest first, with those canceled in the last 10 minutes (state CANCELED); with state=READY the last ones made",
        params: StationParamsSchema,
        querystring: TicketsQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: Type.Array(TicketSchema), ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      reply.header("cache-control", "no-store");
      const state = request.query.state ?? "ACTIVE";
      return stationTickets(ctx.db, staff.storeId, request.params.stationId, state, ctx.now());
    },
  );

  app.get(
    "/staff/tickets/ready",
    {
      schema: {
        tags: ["kitchen"],
        summary: "The store's tickets made and waiting for a waiter to carry them, oldest first",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: Type.Array(TicketSchema), ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      reply.header("cache-control", "no-store");
      return readyToCarry(ctx.db, staff.storeId);
    },
  );

  app.get(
    "/staff/printers",
    {
      schema: {
        tags: ["kitchen"],
        summary: "The store's station printers: since when one fails, why, and the tickets waiting for it",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: Type.Array(PrinterStatusSchema), ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      reply.header("cache-control", "no-store");
      return printerStatuses(ctx.db, staff.storeId);
    },
  );

  const actions: Array<[string, string, (params: Record<string, number>) => TicketAction]> = [
    [
      "ready",
      "Mark every line of the ticket made: it leaves the display and the waiters see it ready",
      () => ({
        kind: "ready",
        lineIndex: null,
      }),
    ],
    ["recall", "Put a ticket marked ready back on the display", () => ({ kind: "recall" })],
    ["picked-up", "A waiter takes a ready ticket to its spot", () => ({ kind: "picked-up" })],
    ["reprint", "Print the ticket again, marked as a copy", () => ({ kind: "reprint" })],
  ];
  for (const [path, summary, actionOf] of actions) {
    app.post(
      `/staff/stations/:stationId/tickets/:ticketId/${path}`,
      {
        schema: {
          tags: ["kitchen"],
          summary,
          params: TicketParamsSchema,
          querystring: NoQuerySchema,
          headers: IdempotentHeadersSchema,
          response: { 200: TicketSchema, ...WRITE_ERRORS },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
        const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
        const answer = await runTicketAction(ctx, staff, key, request.params, actionOf(request.params));
        return sendStoredAnswer(reply, answer);
      },
    );
  }

  app.post(
    "/staff/stations/:stationId/tickets/:ticketId/lines/:lineIndex/ready",
    {
      schema: {
        tags: ["kitchen"],
        summary: "Mark one line of a ticket made; the ticket is ready once every line is",
        params: TicketLineParamsSchema,
        querystring: NoQuerySchema,
        headers: IdempotentHeadersSchema,
        response: { 200: TicketSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
      const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
      const { stationId, ticketId, lineIndex } = request.params;
      const answer = await runTicketAction(ctx, staff, key, { stationId, ticketId }, { kind: "ready", lineIndex });
      return sendStoredAnswer(reply, answer);
    },
  );
};
