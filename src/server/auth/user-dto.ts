/** Spec §3 user and session answers, from an account and what the staff table says about it. */
import type { SessionResponse, UserDto } from "../../domain/auth-api";
import { fromDbBoolean } from "../db/columns";
import type { AccountRecord } from "../db/repositories/users.repository";
import { phoneFromE164 } from "./phone";
import type { SessionTokens } from "./sessions";

export function userDto({ user, staff }: AccountRecord): UserDto {
  const phone = user.phone === null ? undefined : phoneFromE164(user.phone);
  return {
    id: user.id,
    name: staff?.name ?? user.name,
    email: user.email,
    phone:
      phone === undefined
        ? null
        : { phoneNumber: phone.nationalNumber, countryISO2: phone.countryIso2, international: phone.international },
    verified: fromDbBoolean(user.verified),
    optedInForNewsletter: fromDbBoolean(user.opted_in_for_newsletter),
    role: user.kind === "guest" ? "GUEST" : user.kind === "visitor" ? "VISITOR" : (staff?.role ?? "WAITER"),
    storeId: user.store_id,
  };
}

/** The answer of a sign-in and of the calls that return new tokens (spec §7). */
export function sessionResponse(account: AccountRecord, tokens: SessionTokens): SessionResponse {
  return { authToken: { user: userDto(account), token: tokens.authToken }, jwt: tokens.jwt };
}
