/** The accounts calls of the API (spec §7), typed by the shared contracts in src/domain/auth-api.ts. */
import type {
  ChangePhoneRequest,
  OkResponse,
  PhoneRequest,
  RefreshResponse,
  SavedCardsResponse,
  SessionResponse,
  UpdateUserRequest,
  UserResponse,
  VerificationChannel,
  VerificationSent,
} from "../../domain/auth-api";
import type { Session } from "../session/session";
import { authedCall, publicCall, REFRESH_PATH } from "./accounts-client";

/** The national digits and dial code of a phone, as the sign-in calls take them. */
export interface PhoneDigits {
  phoneNumber: string;
  countryCode: string;
}

export function requestEntranceCode(phone: PhoneDigits, storeId?: number): Promise<VerificationSent> {
  return publicCall("entrance", {
    method: "post",
    json: phone satisfies PhoneRequest,
    ...(storeId === undefined ? {} : { searchParams: { storeId } }),
  });
}

export function resendEntranceCode(phone: PhoneDigits, channel: VerificationChannel): Promise<VerificationSent> {
  return publicCall("sms/v2/send", { method: "post", json: phone satisfies PhoneRequest, searchParams: { channel } });
}

export function loginWithCode(phone: PhoneDigits, code: string): Promise<SessionResponse> {
  return publicCall("authenticate/v2/login", { method: "post", json: { ...phone, password: code } });
}

/** Rotates the tokens; passes the session explicitly so a concurrent change cannot mix tokens. */
export function refreshTokens(session: Session): Promise<RefreshResponse> {
  return authedCall(REFRESH_PATH, { method: "get" }, session);
}

export function logout(): Promise<OkResponse> {
  return authedCall("authenticate/logout", { method: "post" });
}

export function updateUser(changes: UpdateUserRequest): Promise<SessionResponse> {
  return authedCall("user/v2/update", { method: "post", json: changes });
}

/** Spec §7 POST newsletter/opt-out: answers the user with the newsletter off. */
export function optOutOfNewsletter(): Promise<UserResponse> {
  return authedCall("newsletter/opt-out", { method: "post" });
}

export function deleteAccount(): Promise<OkResponse> {
  return authedCall("user/delete", { method: "post" });
}

export function fetchSavedCards(): Promise<SavedCardsResponse> {
  return authedCall("creditCard/user", { method: "get" });
}

export function deleteSavedCard(cardToken: string): Promise<unknown> {
  return authedCall("creditCard/delete", { method: "delete", headers: { cardToken } });
}

export function fetchMembership(restaurantId: number): Promise<boolean> {
  return authedCall("user/membership", { method: "get", searchParams: { restaurantId } });
}

/** Sends a code to the new number (409 PHONE_ALREADY_USED when another account has it). */
export function requestPhoneChangeCode(phone: PhoneDigits): Promise<VerificationSent> {
  return authedCall("sms/send/change-phone", { method: "post", json: phone satisfies PhoneRequest });
}

/** Resends the pending change-of-phone code by SMS or call. */
export function resendPhoneChangeCode(channel: VerificationChannel): Promise<VerificationSent> {
  return authedCall("sms/send", { method: "post", searchParams: { channel } });
}

/** Checks the code and changes the phone; answers rotated tokens. */
export function changePhone(phone: PhoneDigits, verificationCode: string): Promise<SessionResponse> {
  return authedCall("user/change-phone", {
    method: "post",
    json: { ...phone, verificationCode } satisfies ChangePhoneRequest,
  });
}
