/** The signed-in guest or staff member (spec §3 "User session"): both tokens and the user. */
import type { UserDto } from "../../domain/auth-api";

export type SessionUser = UserDto;

export interface Session {
  /** Opaque, revocable token sent as the `authToken` header. */
  authToken: string;
  /** Short-lived signed token sent as the `jwt` header. */
  jwt: string;
  user: SessionUser;
  /** When this device received the jwt, on its own clock: the jwt's life counts from then. */
  jwtReceivedAtMs?: number;
}

export function isSession(value: unknown): value is Session {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.authToken === "string" &&
    typeof candidate.jwt === "string" &&
    typeof candidate.user === "object" &&
    candidate.user !== null &&
    Number.isSafeInteger(candidate.user.id)
  );
}
