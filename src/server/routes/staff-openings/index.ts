/**
 * The table-opening calls of the staff (shapes and conflicts in
 * src/domain/table-openings-api.ts). A staff session of the store is required: guests and visitors
 * 403, an opening or receipt of another store 404. Every write takes an Idempotency-Key and names
 * the version the waiter saw; a write of some lines, each named as the waiter saw it, is checked
 * line by line instead (settle.ts), so two waiters settling different lines of a table both succeed.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TSchema, Type } from "typebox";
import { AuthHeadersSchema } from "../../../domain/auth-api";
import {
  type CloseRequest,
  CloseRequestSchema,
  DaySummaryQuerySchema,
  DaySummarySchema,
  OpeningDetailSchema,
  OpeningsQuerySchema,
  OpenOpeningsSchema,
  type PayRequest,
  PayRequestSchema,
  type ReceiptRequest,
  ReceiptRequestSchema,
  ReceiptSchema,
  type ReopenRequest,
  ReopenRequestSchema,
  type SettleLinesRequest,
  SettleLinesRequestSchema,
  type TransferRequest,
  TransferRequestSchema,
} from "../../../domain/table-openings-api";
import { forbidden, notFound } from "../../http/api-error";
import { IdempotentHeadersSchema, idempotencyKeyOf, sendStoredAnswer } from "../../http/idempotent-request";
import { errorResponses, IdSchema, NoQuerySchema } from "../../http/schemas";
import { daySummary } from "../../openings/day-summary";
import { listOpenOpenings, loadOpeningDetail } from "../../openings/opening-presenter";
import { issueReceipt, loadReceipt } from "../../openings/receipts";
import {
  type ChangeContext,
  closeOpening,
  payInFull,
  payLines,
  pickLines,
  reopen,
  takeOpening,
  takeOpeningForLines,
  transfer,
  treatOrCancel,
} from "../../openings/settle";
import { runStaffWrite } from "../../openings/staff-writes";
import { athensDayText } from "../../orders/athens-clock";
import type { OrdersContext } from "../../orders/context";
import { authenticateStaff } from "../staff-orders/staff-session";

const OpeningParams = Type.Object({ openingId: IdSchema });
const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 422);

async function detailOf(c: ChangeContext, openingId: number) {
  const detail = await loadOpeningDetail(c.trx, c.staff.storeId, openingId);
  if (detail === undefined) throw new Error(`opening ${openingId} vanished inside its own change`);
  return { status: 200, body: detail };
}

export const staffOpeningRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  app.get(
    "/staff/openings",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The store's open table openings (tables, or rooms), with amounts, minimum consumption and pending orders",
        querystring: OpeningsQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: OpenOpeningsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      reply.header("cache-control", "no-store");
      return listOpenOpenings(ctx.db, staff.storeId, request.query.kind ?? "tables");
    },
  );

  app.get(
    "/staff/openings/:openingId",
    {
      schema: {
        tags: ["staff"],
        summary: "One table opening: its lines with their states, orders, payments, receipts",
        params: OpeningParams,
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: OpeningDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      const detail = await loadOpeningDetail(ctx.db, staff.storeId, request.params.openingId);
      if (detail === undefined) throw notFound("OPENING_NOT_FOUND", "There is no such table opening in this store");
      reply.header("cache-control", "no-store");
      return detail;
    },
  );

  /** One write of an opening: authenticated, keyed, run once, answered byte for byte. */
  function write<Body>(
    path: string,
    summary: string,
    body: TSchema,
    work: (c: ChangeContext, openingId: number, body: Body) => Promise<{ status: number; body: unknown }>,
  ) {
    app.post(
      `/staff/openings/:openingId/${path}`,
      {
        schema: {
          tags: ["staff"],
          summary,
          params: OpeningParams,
          querystring: NoQuerySchema,
          headers: IdempotentHeadersSchema,
          body,
          response: {
            200: path === "receipts" ? ReceiptSchema : OpeningDetailSchema,
            201: ReceiptSchema,
            ...WRITE_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers as Record<string, unknown>);
        const staff = await authenticateStaff(ctx, request.headers as Record<string, string>);
        const { openingId } = request.params as { openingId: number };
        const answer = await runStaffWrite(
          ctx,
          staff,
          key,
          { route: `${path}/${openingId}`, body: request.body },
          (c) => work(c, openingId, request.body as Body),
        );
        return sendStoredAnswer(reply, answer);
      },
    );
  }

  write<PayRequest>(
    "pay",
    "Pay selected lines (or, with lines: null, every open line) with one settlement of spec §9",
    PayRequestSchema,
    async (c, id, body) => {
      const opening = await takeOpeningForLines(c, id, body.version, body.lines);
      if (body.lines === null) await payInFull(c, opening, body.payment);
      else await payLines(c, opening, await pickLines(c, opening, body.lines), body.payment);
      return detailOf(c, id);
    },
  );

  for (const [path, state] of [
    ["treat", "TREATED"],
    ["cancel", "CANCELED"],
  ] as const) {
    write<SettleLinesRequest>(
      path,
      `${state === "TREATED" ? "Treat (on the house)" : "Cancel"} selected lines, with a reason: admins, or waiters where the venue allows it`,
      SettleLinesRequestSchema,
      async (c, id, body) => {
        const opening = await takeOpeningForLines(c, id, body.version, body.lines);
        await treatOrCancel(c, opening, await pickLines(c, opening, body.lines), state, body.reason);
        return detailOf(c, id);
      },
    );
  }

  write<CloseRequest>(
    "close",
    "Close the opening: the minimum-consumption line first when the venue charges it, the rest paid by the settlement given",
    CloseRequestSchema,
    async (c, id, body) => {
      await closeOpening(c, await takeOpening(c, id, body.version), body.payment);
      return detailOf(c, id);
    },
  );

  write<TransferRequest>(
    "transfer",
    "Move the whole opening, or selected open lines, to another spot of the store (merging into its open opening)",
    TransferRequestSchema,
    async (c, id, body) => {
      const opening = await takeOpeningForLines(c, id, body.version, body.lines);
      return detailOf(c, await transfer(c, opening, body.targetSpotId, body.lines));
    },
  );

  write<ReopenRequest>(
    "reopen",
    "Reopen a closed opening: admins, on the Athens day it was closed",
    ReopenRequestSchema,
    async (c, id, body) => {
      await reopen(c, id, body.version);
      return detailOf(c, id);
    },
  );

  write<ReceiptRequest>(
    "receipts",
    "Issue a receipt: TEMPORARY (what is owed now) or FINAL (after close), numbered per store per Athens day; a closing has one FINAL: asked again, 200 with that receipt",
    ReceiptRequestSchema,
    async (c, id, body) => {
      const { status, receipt } = await issueReceipt(c, id, body.kind, body.language);
      return { status, body: receipt };
    },
  );

  app.get(
    "/staff/receipts/:receiptId",
    {
      schema: {
        tags: ["staff"],
        summary: "A receipt as it was issued, to print again",
        params: Type.Object({ receiptId: IdSchema }),
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: ReceiptSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      const receipt = await loadReceipt(ctx.db, staff.storeId, request.params.receiptId);
      if (receipt === undefined) throw notFound("RECEIPT_NOT_FOUND", "There is no such receipt in this store");
      reply.header("cache-control", "no-store");
      return receipt;
    },
  );

  app.get(
    "/staff/day-summary",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The store's day (Athens; default today) for its admins: closed openings, totals by payment type, treated and canceled, receivables",
        querystring: DaySummaryQuerySchema,
        headers: AuthHeadersSchema,
        response: { 200: DaySummarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const staff = await authenticateStaff(ctx, request.headers);
      if (staff.role !== "ADMIN") throw forbidden("Only an admin of the store can read its day summary");
      reply.header("cache-control", "no-store");
      return daySummary(ctx.db, staff.storeId, request.query.day ?? athensDayText(ctx.now()));
    },
  );
};
