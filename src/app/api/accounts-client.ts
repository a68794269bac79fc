/**
 * The HTTP client of the accounts calls: ky with the API prefix, no retries (sign-in and profile
 * calls are writes, or reads a person repeats by tapping again), every failure an ApiError.
 * authedCall() adds the session's `authToken` and `jwt` headers (spec §6), refreshes them first
 * when the jwt is known to be spent and, when the server answers INVALID_AUTH_TOKEN and a refresh
 * is refused too, clears the session (spec §4).
 */
import ky, { type Options } from "ky";
import type { RefreshResponse } from "../../domain/auth-api";
import { clearSessionIf, currentSession, type Session } from "../session/session";
import { refreshSessionOnce, sessionReadyToSend } from "../session/token-refresh";
import { ApiError, toApiError } from "./api-error";
import { INVALID_AUTH_TOKEN, isInvalidAuthToken } from "./invalid-auth-token";

export { INVALID_AUTH_TOKEN, isInvalidAuthToken };

/**
 * Made at the first call, not at import: the server imports this module to render guest pages
 * (ssr/render-guest-page.tsx), where there is no page address and no call is made.
 */
let client: typeof ky | undefined;
function http(path: string, options: Options): Promise<Response> {
  client ??= ky.create({
    // Absolute, so the URL is the same in the browser and in Node's Request (tests).
    prefixUrl: new URL("/api", globalThis.location.href).href,
    timeout: 15_000,
    retry: 0,
    headers: { Accept: "application/json" },
  });
  return client(path, options);
}

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
 * A call with the stored session's tokens; no session is INVALID_AUTH_TOKEN without asking. A jwt
 * known to be spent is refreshed before the call goes out (sessionReadyToSend): a call sure to be
 * refused is never sent. When the server refuses the tokens all the same, the call is retried
 * once with a fresh pair: the pair a refresh rotated while the call was on its way, or else one
 * asked for now (the refresh accepts an expired jwt: a phone that slept past its 30 minutes must
 * not sign its guest out). Only when the refresh is refused too is the guest signed out
 * (refreshSessionOnce clears the session). A call given an explicit session (the refresh itself)
 * is never refreshed: refused, it signs out.
 */
export function authedCall<T>(path: string, options: Options, session?: Session | null): Promise<T> {
  return authedWith<T>(parse, path, options, session);
}

/** A file to save (a printable sheet): its bytes and the name its Content-Disposition gives. */
export interface Download {
  blob: Blob;
  fileName: string | null;
}

/** A GET of a file with the session's tokens, refreshed and retried as authedCall's calls are. */
export function authedDownload(path: string): Promise<Download> {
  return authedWith<Download>(readDownload, path, { method: "get", headers: { Accept: "*/*" } });
}

async function readDownload(response: Response): Promise<Download> {
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

async function authedWith<T>(
  read: (response: Response) => Promise<T>,
  path: string,
  options: Options,
  session?: Session | null,
): Promise<T> {
  const tokens = session ?? (await sessionReadyToSend(refreshWith));
  if (!tokens) throw new ApiError(INVALID_AUTH_TOKEN, INVALID_AUTH_TOKEN, 401);
  const send = (with_: Session) => sendWith(read, path, options, with_);
  try {
    return await send(tokens);
  } catch (error) {
    if (!isInvalidAuthToken(error)) throw error;
    if (session) {
      await clearSessionIf(tokens.authToken);
      throw error;
    }
    const fresh = await freshTokensAfterRefusal(tokens);
    if (!fresh) throw error;
    try {
      return await send(fresh);
    } catch (retryError) {
      if (isInvalidAuthToken(retryError)) await clearSessionIf(fresh.authToken);
      throw retryError;
    }
  }
}

/**
 * The stored session with a jwt the server will accept, for calls that carry the tokens outside
 * authedCall: a read whose tokens are optional (the checkout options, where a spent jwt silently
 * reads as a visitor's), a STOMP CONNECT. Refreshed first when the jwt is known to be spent.
 */
export function sessionToSend(): Promise<Session | null> {
  return sessionReadyToSend(refreshWith);
}

export const REFRESH_PATH = "authenticate/v2/tokens/validate/refresh";
/** The tokens to retry with after `refused` was refused, or null (then the caller gives up). */
async function freshTokensAfterRefusal(refused: Session): Promise<Session | null> {
  const current = await currentSession();
  if (current === null) return null;
  if (current.authToken !== refused.authToken) return current;
  // Shared with every other refresh on its way (refreshSessionOnce).
  await refreshSessionOnce(refreshWith);
  const after = await currentSession();
  return after !== null && after.authToken !== refused.authToken ? after : null;
}

/** One rotation of `stale`'s tokens: the refresh accepts a spent jwt with a valid authToken. */
function refreshWith(stale: Session): Promise<RefreshResponse> {
  return send<RefreshResponse>(REFRESH_PATH, { method: "get" }, stale);
}

function send<T>(path: string, options: Options, tokens: Session): Promise<T> {
  return sendWith<T>(parse, path, options, tokens);
}

async function sendWith<T>(
  read: (response: Response) => Promise<T>,
  path: string,
  options: Options,
  tokens: Session,
): Promise<T> {
  try {
    return await read(
      await http(path, { ...options, headers: { ...authHeaders(tokens), ...(options.headers as object) } }),
    );
  } catch (error) {
    throw await toApiError(error);
  }
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
