/**
 * The server's refusal of a session's tokens (INVALID_AUTH_TOKEN, spec §4), on its own. The
 * accounts client retries or signs out on it and starts the token refresh; the token refresh
 * signs out on it. Kept here, both read it without importing each other: in a cycle of two modules
 * one of them runs while the other is still half-loaded, whichever the bundler loads first.
 */
import { ApiError } from "./api-error";

export const INVALID_AUTH_TOKEN = "INVALID_AUTH_TOKEN";

export function isInvalidAuthToken(error: unknown): boolean {
  return error instanceof ApiError && (error.code === INVALID_AUTH_TOKEN || error.message === INVALID_AUTH_TOKEN);
}
