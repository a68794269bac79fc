/**
 * Every failed call reaches the app as an ApiError with the server's `{ code, message }`, or with
 * NETWORK_ERROR when no answer came back (beach Wi-Fi dropped, timeout). Screens then choose the
 * text by code (error-catalogue.ts) and whether a retry makes sense.
 */
import type { ErrorBodyDto } from "../../domain/api";

export const NETWORK_ERROR = "NETWORK_ERROR";
export const UNKNOWN_ERROR = "UNKNOWN_ERROR";

export class ApiError extends Error implements ErrorBodyDto {
  readonly code: string;
  /** HTTP status of the answer; null when there was no answer at all. */
  readonly status: number | null;

  /** Facts the server gave to word the message with (ErrorBody.details), e.g. who closed a table. */
  readonly details: Record<string, string | number> | undefined;

  /** How long the server asked to wait before trying again (a 429's Retry-After), in seconds. */
  readonly retryAfterSeconds: number | undefined;

  /**
   * The server's id of the request that failed (its X-Request-Id header), which the error screen
   * shows so a guest's complaint can be found in the log; null when no answer came or it had none.
   */
  readonly requestId: string | null;

  constructor(
    code: string,
    message: string,
    status: number | null,
    details?: Record<string, string | number>,
    retryAfterSeconds?: number,
    requestId: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
    this.requestId = requestId;
  }

  get isNetworkError(): boolean {
    return this.status === null;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** The parts of ky's HTTPError that the mapping needs (kept structural so tests need no ky). */
interface HttpErrorLike {
  name: "HTTPError";
  response: Response;
}

function isHttpError(error: unknown): error is HttpErrorLike {
  return error instanceof Error && error.name === "HTTPError" && "response" in error;
}

function isErrorBody(value: unknown): value is ErrorBodyDto {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ErrorBodyDto).code === "string" &&
    typeof (value as ErrorBodyDto).message === "string"
  );
}

/** Retry-After in seconds (the server sends a number of seconds, never a date); undefined without one. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** The server's request ids (src/server/logging.ts); anything else a proxy may have sent is not shown. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function requestIdOf(response: Response): string | null {
  const header = response.headers.get("x-request-id");
  return header !== null && REQUEST_ID.test(header) ? header : null;
}

export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHttpError(error)) {
    const { status } = error.response;
    const requestId = requestIdOf(error.response);
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => null);
    if (isErrorBody(body)) {
      return new ApiError(body.code, body.message, status, body.details, retryAfterOf(error.response), requestId);
    }
    // A proxy or captive portal answered with something that is not our error shape.
    return new ApiError(UNKNOWN_ERROR, `HTTP ${status}`, status, undefined, undefined, requestId);
  }
  // fetch's TypeError, ky's TimeoutError and offline aborts all mean: no answer from the server.
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(NETWORK_ERROR, message, null);
}
