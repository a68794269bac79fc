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
  ) {
    super(message);
  }
}

export const notFound = (code: ErrorCode, message: string) => new ApiError(404, code, message);
export const badRequest = (message: string) => new ApiError(400, "VALIDATION_FAILED", message);
