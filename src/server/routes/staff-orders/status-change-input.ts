/**
 * The spec's INVALID_DATA_FOR_ORDER ("invalid data to change status for order", §8): a status
 * change whose order id or body does not hold (an id that is no id, a reason too long or with
 * control characters) is answered 400 INVALID_DATA_FOR_ORDER, naming what failed, instead of the
 * generic VALIDATION_FAILED. Other parts of the request (the query string, the headers) keep the
 * generic code: they are not the order's data.
 */
import type { FastifyError, FastifyRequest } from "fastify";
import { invalidInput } from "../../http/api-error";
import { formatIssue } from "../../validation/issues";
import { schemaIssues } from "../../validation/schema-issues";

/** Throws the refusal of a status change whose input failed its schema (the route attaches validation). */
export function refuseInvalidOrderData(request: FastifyRequest): void {
  const error = request.validationError as FastifyError | undefined;
  if (error === undefined) return;
  const context = error.validationContext;
  if (context !== "params" && context !== "body") throw error;
  const issues = schemaIssues(error.validation ?? [], context).map(formatIssue);
  throw invalidInput(
    "INVALID_DATA_FOR_ORDER",
    issues.length > 0 ? issues.join("; ") : "the order's data to change its status does not hold",
  );
}
