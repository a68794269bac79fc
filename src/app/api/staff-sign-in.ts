/**
 * Staff sign-in calls beyond the PIN: the device enrolment (so wrong PINs on other phones never
 * hold a terminal back), the login token of an admin's link, an admin's e-mail and password, the
 * e-mail reset (spec §7 email/send/reset, user/reset-password), and the admin service (its own base
 * URL, ./admin-api-url.ts).
 */
import type {
  OkResponse,
  ResetPasswordRequest,
  SessionResponse,
  StaffLoginTokenResponse,
  VerificationSent,
} from "../../domain/auth-api";
import type {
  AdminAccountsResponse,
  AdminLoginTokenRequest,
  PasswordLoginRequest,
  RevokeLoginTokensResponse,
  SignOutEverywhereResponse,
  StaffDeviceResponse,
  StoreStaffResponse,
} from "../../domain/staff-sign-in-api";
import { authedCall, publicCall } from "./accounts-client";
import { adminApiUrl } from "./admin-api-url";

export const STAFF_DEVICE_HEADER = "staff-device";

function deviceHeaders(deviceToken: string | undefined): Record<string, string> {
  return deviceToken === undefined ? {} : { [STAFF_DEVICE_HEADER]: deviceToken };
}

export function enrolStaffDevice(storeId: number): Promise<StaffDeviceResponse> {
  return publicCall("staff/devices", { method: "post", searchParams: { storeId } });
}

/** The same enrolment with the staff session just started here: outside the anonymous limits, trusted at once. */
export function enrolStaffDeviceSignedIn(storeId: number): Promise<StaffDeviceResponse> {
  return authedCall("staff/devices", { method: "post", searchParams: { storeId } });
}

export function loginWithPinOnDevice(pin: string, storeId: number, deviceToken?: string): Promise<SessionResponse> {
  return publicCall("authenticate/login/pin", {
    method: "post",
    searchParams: { pin, storeId },
    headers: deviceHeaders(deviceToken),
  });
}

export function loginWithLoginToken(
  userId: number,
  storeId: number,
  loginToken: string,
  deviceToken?: string,
): Promise<SessionResponse> {
  return publicCall("authenticate/login/waiter-from-token", {
    method: "post",
    searchParams: { userId, storeId },
    headers: { "login-token": loginToken, ...deviceHeaders(deviceToken) },
  });
}

export function loginWithPassword(email: string, password: string, deviceToken?: string): Promise<SessionResponse> {
  return publicCall("authenticate/login", {
    method: "post",
    json: { email, password } satisfies PasswordLoginRequest,
    headers: deviceHeaders(deviceToken),
  });
}

export function requestPasswordResetCode(email: string): Promise<VerificationSent> {
  return publicCall("email/send/reset", { method: "post", json: { email } });
}

export function resetPassword(request: Required<ResetPasswordRequest>): Promise<OkResponse> {
  return publicCall("user/reset-password", { method: "post", json: request });
}

const admin = () => ({ prefixUrl: adminApiUrl() });

export function fetchAdminAccounts(restaurantIds: readonly number[]): Promise<AdminAccountsResponse> {
  return authedCall("staff/admin-accounts", {
    ...admin(),
    method: "get",
    searchParams: { restaurantIds: restaurantIds.join(",") },
  });
}

export function fetchStoreStaff(storeId: number): Promise<StoreStaffResponse> {
  return authedCall("staff/members", { ...admin(), method: "get", searchParams: { storeId } });
}

export function issueLoginToken(request: AdminLoginTokenRequest): Promise<StaffLoginTokenResponse> {
  return authedCall("staff/login-tokens", { ...admin(), method: "post", json: request });
}

export function revokeLoginTokens(storeId: number, staffId: number): Promise<RevokeLoginTokensResponse> {
  return authedCall("staff/login-tokens", { ...admin(), method: "delete", searchParams: { storeId, staffId } });
}

/**
 * Signs a staff member out on every device (their own Lock ends only one PDA's session). The key
 * is made once per tap, so a retry of the same tap is the same request.
 */
export function signOutEverywhere(
  storeId: number,
  staffId: number,
  idempotencyKey: string,
): Promise<SignOutEverywhereResponse> {
  return authedCall("staff/sign-out-everywhere", {
    ...admin(),
    method: "post",
    json: { storeId, staffId },
    headers: { "idempotency-key": idempotencyKey },
  });
}
