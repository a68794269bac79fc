/**
 * The HTTP client of the accounts calls: ky with the API prefix, no retries (sign-in and profile
 * calls are writes, or reads a person repeats by tapping again), every failure an ApiError.
 * authed() adds the session's `authToken` and `jwt` headers (spec §6) and, when the server
 * answers INVALID_AUTH_TOKEN, clears the session (spec §4: the session is dead on every device).
 */
import ky, { type Options } from "ky";
import { clearSessionIf, currentSession, type Session } from "../session/session";
import { ApiError, toApiError } from "./api-error";

const http = ky.create({
  // Absolute, so the URL is the same in the browser and in Node's Request (tests).
  prefixUrl: new URL("/api", globalThis.location.href).href,
  timeout: 15_000,
  retry: 0,
  headers: { Accept: "application/json" },
});

export const INVALID_AUTH_TOKEN = "INVALID_AUTH_TOKEN";

export function authHeaders(session: Pick<Session, "authToken" | "jwt">): Record<string, string> {
  return { authToken: session.authToken, jwt: session.jwt };
}

/** A call without tokens (sign-in steps). Answers the parsed JSON, or undefined for an empty body. */
export async function publicCall<T>(path: string, options: Options): Promise<T> {
  try {
    return await parse<T>(await http(path, options));
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * A call with the stored session's tokens; no session is INVALID_AUTH_TOKEN without asking. A
 * refusal of tokens that a refresh rotated while the call was on its way is retried once with the
 * new pair; only a refusal of the current tokens signs out.
 */
export async function authedCall<T>(path: string, options: Options, session?: Session | null): Promise<T> {
  const tokens = session ?? (await currentSession());
  if (!tokens) throw new ApiError(INVALID_AUTH_TOKEN, INVALID_AUTH_TOKEN, 401);
  try {
    return await send<T>(path, options, tokens);
  } catch (error) {
    if (!isInvalidAuthToken(error)) throw error;
    if (await clearSessionIf(tokens.authToken)) throw error;
    const rotated = session ? null : await currentSession();
    if (!rotated) throw error;
    try {
      return await send<T>(path, options, rotated);
    } catch (retryError) {
      if (isInvalidAuthToken(retryError)) await clearSessionIf(rotated.authToken);
      throw retryError;
    }
  }
}

async function send<T>(path: string, options: Options, tokens: Session): Promise<T> {
  try {
    return await parse<T>(
      await http(path, { ...options, headers: { ...authHeaders(tokens), ...(options.headers as object) } }),
    );
  } catch (error) {
    throw await toApiError(error);
  }
}

export function isInvalidAuthToken(error: unknown): boolean {
  return error instanceof ApiError && (error.code === INVALID_AUTH_TOKEN || error.message === INVALID_AUTH_TOKEN);
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
