/**
 * Every error leaves as `{ code, message }` (design: API conventions):
 * - schema validation failures → 400 VALIDATION_FAILED with the failing paths, in place of
 *   Fastify's default body;
 * - ApiError → its own status and code (and Retry-After when it says when to come back);
 * - other 4xx raised by Fastify (bad JSON, wrong content type, body too large) → their status,
 *   with Fastify's message, which describes the request and nothing internal;
 * - anything else → 500 INTERNAL_ERROR with a generic message; the details go to the log only.
 */
import type { FastifyError, FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";
import type { ErrorBodyDto } from "../../domain/api";
import type { ErrorCode } from "../../domain/error-codes";
import { ApiError } from "../http/api-error";
import { formatIssue } from "../validation/issues";
import { schemaIssues } from "../validation/schema-issues";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong, try again later";

function clientErrorCode(statusCode: number): ErrorCode {
  if (statusCode === 404) return "NOT_FOUND";
  if (statusCode === 429) return "RATE_LIMITED";
  return "VALIDATION_FAILED";
}

function validationMessage(error: FastifyError): string {
  const issues = schemaIssues(error.validation ?? [], error.validationContext ?? "request");
  return issues.length > 0 ? issues.map(formatIssue).join("; ") : "the request does not match the schema";
}

const errorHandlingPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.setErrorHandler<FastifyError | ApiError>((error, request, reply) => {
    let status: number;
    let body: ErrorBodyDto;
    if (error instanceof ApiError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
    } else if (error.validation) {
      status = 400;
      body = { code: "VALIDATION_FAILED", message: validationMessage(error) };
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: clientErrorCode(status), message: error.message };
    } else {
      request.log.error({ err: error }, "request failed");
      status = error.statusCode !== undefined && error.statusCode >= 500 ? error.statusCode : 500;
      body = { code: "INTERNAL_ERROR", message: INTERNAL_ERROR_MESSAGE };
    }
    if (status < 500)
      request.log.info({ statusCode: status, code: body.code, reason: body.message }, "request refused");
    reply.code(status).send(body);
  });
  done();
};

export const errorHandling = fp(errorHandlingPlugin, { name: "error-handling" });
