/**
 * How placement refuses (design.md "Orders"): every refusal is a definite answer that the
 * idempotency record keeps. 422 for a rule the order breaks, 409 where the guest's view of the
 * menu is out of date (a changed price, stock gone), 404 for what does not exist.
 */
import type { ErrorCode } from "../../domain/error-codes";
import { ApiError } from "../http/api-error";

export const refuse = (code: ErrorCode, message: string) => new ApiError(422, code, message);
export const outdated = (code: ErrorCode, message: string) => new ApiError(409, code, message);
export const missing = (code: ErrorCode, message: string) => new ApiError(404, code, message);
