import type { ErrorCode } from "../../domain/error-codes";

/**
 * An error the API answers on purpose, as `{ code, message }` with its HTTP status. Anything else
 * thrown in a handler is a bug and becomes a generic 500 (plugins/error-handling.ts).
 */
export class ApiError extends Error {
  override name = "ApiError";

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent as Retry-After on a 429. */
    readonly retryAfterSeconds?: number,
    /** Facts the client words its message with (ErrorBody.details), e.g. who closed a table and when. */
    readonly details?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export const notFound = (code: ErrorCode, message: string) => new ApiError(404, code, message);
export const badRequest = (message: string) => new ApiError(400, "VALIDATION_FAILED", message);
export const invalidInput = (code: ErrorCode, message: string) => new ApiError(400, code, message);
export const unauthorized = (code: ErrorCode, message: string) => new ApiError(401, code, message);
export const forbidden = (message: string) => new ApiError(403, "FORBIDDEN", message);
export const conflict = (code: ErrorCode, message: string, details?: Record<string, string | number>) =>
  new ApiError(409, code, message, undefined, details);
export const tooManyRequests = (code: ErrorCode, message: string, retryAfterMs: number) =>
  new ApiError(429, code, message, Math.max(1, Math.ceil(retryAfterMs / 1000)));
