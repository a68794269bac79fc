/**
 * Keeps the session's tokens fresh (spec §9: every 20 minutes; server README: the jwt lives 30).
 * At app start and then every TOKEN_REFRESH_MS while signed in, the tokens are rotated and the new
 * pair saved atomically. A refused refresh (INVALID_AUTH_TOKEN) signs the user out (spec §4); no
 * answer (offline on the beach) keeps the session for the next try.
 */
import type { RefreshResponse } from "../../domain/auth-api";
import { TOKEN_REFRESH_MS } from "../../domain/constants";
import { jwtIsSpent } from "../../domain/jwt-expiry";
import { isInvalidAuthToken } from "../api/invalid-auth-token";
import { clearSessionIf, currentSession, replaceSession, type Session } from "./session";

export type RefreshOutcome = "refreshed" | "signed-out" | "kept" | "no-session";

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * One rotation of the stored session's tokens. Callers that ask while one is on its way (the
 * timer, a refused call, the order outbox) share it: a second rotation would present a token
 * the first had already superseded.
 */
export function refreshSessionOnce(refresh: (session: Session) => Promise<RefreshResponse>): Promise<RefreshOutcome> {
  inFlight ??= rotate(refresh).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * The stored session once a rotation on its way (if any) has landed: a connection opened, or
 * refused, while the tokens rotate uses, or is retried with, the new pair.
 */
export async function sessionAfterRotation(): Promise<Session | null> {
  await inFlight;
  return currentSession();
}

/**
 * The stored session as a call should send it. A jwt known to be dead, or about to be (its `exp`,
 * by this device's clock), is rotated first, sharing a rotation already on its way: sent as it
 * is, the call would only be refused, a 401 in the console and a second trip to the server (a
 * staff screen opened in the morning with last night's session did exactly that). A fresh jwt,
 * or one whose end cannot be read, goes out at once without waiting for anything. When the
 * rotation gets no answer (offline) the call goes out with what there is, as before: it fails
 * without an answer, or, if this device's clock runs ahead, the server accepts it.
 */
export async function sessionReadyToSend(
  refresh: (session: Session) => Promise<RefreshResponse>,
): Promise<Session | null> {
  const stored = await currentSession();
  if (stored === null || !isSpent(stored)) return stored;
  const landed = await sessionAfterRotation();
  if (landed === null || !isSpent(landed)) return landed;
  await refreshSessionOnce(refresh);
  return currentSession();
}

const isSpent = (session: Session) => jwtIsSpent(session.jwt, Date.now(), session.jwtReceivedAtMs);

async function rotate(refresh: (session: Session) => Promise<RefreshResponse>): Promise<RefreshOutcome> {
  const session = await currentSession();
  if (!session) return "no-session";
  try {
    const answer = await refresh(session);
    await replaceSession(session.authToken, { authToken: answer.authToken, jwt: answer.jwt, user: answer.user });
    return "refreshed";
  } catch (error) {
    if (!isInvalidAuthToken(error)) return "kept";
    // authedCall already cleared it; clearing again covers a refresh function that does not. Only
    // this session: one a sign-in stored meanwhile stays.
    await clearSessionIf(session.authToken);
    return "signed-out";
  }
}

export interface RefreshTimer {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const realTimer: RefreshTimer = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Refreshes now and every intervalMs; a refresh with no session does nothing, so the timer simply
 * idles while signed out. Answers a stop function.
 */
/** How recent a received pair is left alone by the start refresh. */
const JUST_RECEIVED_MS = 60_000;

export function startTokenRefresh(
  refresh: (session: Session) => Promise<RefreshResponse>,
  timer: RefreshTimer = realTimer,
  intervalMs: number = TOKEN_REFRESH_MS,
): () => void {
  const tick = () => void refreshSessionOnce(refresh);
  // A pair received moments ago (a sign-in, or a screen's read that refreshed a spent jwt first)
  // is not rotated again at start: that second rotation would refuse the calls still carrying it.
  void currentSession().then((session) => {
    const receivedAt = session?.jwtReceivedAtMs;
    if (receivedAt === undefined || Date.now() - receivedAt >= JUST_RECEIVED_MS) tick();
  });
  const handle = timer.setInterval(tick, intervalMs);
  return () => timer.clearInterval(handle);
}
