/**
 * The Idempotency-Key side of a write (design.md "Orders: exactly once on patchy Wi-Fi"), shared
 * by the guest's POST /api/orders and every money write a waiter makes: the header it takes, the
 * key it must be (a UUID made by the app), and how a stored answer is sent back byte for byte.
 */
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { AuthHeadersSchema } from "../../domain/auth-api";
import { IDEMPOTENCY_KEY_HEADER } from "../../domain/orders-api";
import type { StoredAnswer } from "../orders/idempotency";
import { invalidInput } from "./api-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const IdempotentHeadersSchema = Type.Object({
  ...AuthHeadersSchema.properties,
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(Type.String({ maxLength: 100 })),
});

/** The request's key, lower-cased; 400 IDEMPOTENCY_KEY_REQUIRED when missing or not a UUID. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string {
  const key = headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== "string" || key === "") {
    throw invalidInput("IDEMPOTENCY_KEY_REQUIRED", "Send an Idempotency-Key header (a UUID) with this request");
  }
  if (!UUID.test(key)) throw invalidInput("IDEMPOTENCY_KEY_REQUIRED", "The Idempotency-Key must be a UUID");
  return key.toLowerCase();
}

/** Sends the stored text itself, not a re-serialization, so a replay is byte-identical. */
export function sendStoredAnswer(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  reply.header("cache-control", "no-store");
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  return reply.code(answer.status).type("application/json; charset=utf-8").send(answer.body);
}
