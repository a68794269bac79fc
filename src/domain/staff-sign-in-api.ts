/**
 * Shapes of staff sign-in beyond spec §7's (devices, PINs, admins' passwords), as TypeBox schemas;
 * the app imports only their types. The `staff-device` header names the terminal a PIN is typed on
 * (its enrolment secret); the admin service (`/admin-api`) answers admins of the stores asked for.
 */
import { type Static, Type } from "typebox";
import { AccountIdSchema } from "./auth-api";

const closed = { additionalProperties: false } as const;

const deviceSecret = Type.Optional(
  Type.String({ maxLength: 512, description: "the device's enrolment secret (POST staff/devices)" }),
);

export const StaffDeviceHeadersSchema = Type.Object({ "staff-device": deviceSecret });

export const LoginTokenDeviceHeadersSchema = Type.Object({
  "login-token": Type.Optional(Type.String({ maxLength: 512 })),
  "staff-device": deviceSecret,
});

export const StaffDeviceResponseSchema = Type.Object({
  deviceToken: Type.String({ description: "keep it on the device; send it as the staff-device header" }),
  storeId: Type.Integer(),
});

export const PasswordLoginRequestSchema = Type.Object(
  {
    email: Type.Optional(Type.Union([Type.String({ maxLength: 320 }), Type.Null()])),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  closed,
);

/** spec §7 `staff/admin-accounts?restaurantIds={ids}`: ids separated by commas. */
export const AdminAccountsQuerySchema = Type.Object(
  {
    restaurantIds: Type.String({
      pattern: "^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$",
      maxLength: 600,
      description: "store ids separated by commas (at most 50)",
    }),
  },
  closed,
);

export const AdminAccountSchema = Type.Object({
  staffId: Type.Integer(),
  storeId: Type.Integer(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  /** Whether a password was set (by the e-mail reset): the admin can sign in by e-mail. */
  hasPassword: Type.Boolean(),
});

export const SignInAlertSchema = Type.Object({
  storeId: Type.Integer(),
  kind: Type.Literal("pin-guessing"),
  failures: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
});

export const AdminAccountsResponseSchema = Type.Object({
  adminAccounts: Type.Array(AdminAccountSchema),
  /** The latest PIN-guessing alerts of these stores, newest first. */
  alerts: Type.Array(SignInAlertSchema),
});

export const StoreStaffQuerySchema = Type.Object({ storeId: AccountIdSchema }, closed);

export const StaffMemberSchema = Type.Object({
  staffId: Type.Integer(),
  name: Type.String(),
  role: Type.Union([Type.Literal("WAITER"), Type.Literal("ADMIN")]),
  /** Login tokens issued and neither used nor expired. */
  outstandingTokens: Type.Integer(),
});

export const StoreStaffResponseSchema = Type.Object({ storeId: Type.Integer(), staff: Type.Array(StaffMemberSchema) });

export const AdminLoginTokenRequestSchema = Type.Object({ storeId: AccountIdSchema, staffId: AccountIdSchema }, closed);

export const RevokeLoginTokensResponseSchema = Type.Object({ revoked: Type.Integer() });

/** An admin signs a staff member out on every device: the body names them like a login token's. */
export const SignOutEverywhereRequestSchema = AdminLoginTokenRequestSchema;

/** How many of their sessions (devices) ended; 0 when none was open. */
export const SignOutEverywhereResponseSchema = Type.Object({ signedOut: Type.Integer() });

export type StaffDeviceResponse = Static<typeof StaffDeviceResponseSchema>;
export type PasswordLoginRequest = Static<typeof PasswordLoginRequestSchema>;
export type AdminAccountDto = Static<typeof AdminAccountSchema>;
export type SignInAlertDto = Static<typeof SignInAlertSchema>;
export type AdminAccountsResponse = Static<typeof AdminAccountsResponseSchema>;
export type StaffMemberDto = Static<typeof StaffMemberSchema>;
export type StoreStaffResponse = Static<typeof StoreStaffResponseSchema>;
export type AdminLoginTokenRequest = Static<typeof AdminLoginTokenRequestSchema>;
export type RevokeLoginTokensResponse = Static<typeof RevokeLoginTokensResponseSchema>;
export type SignOutEverywhereRequest = Static<typeof SignOutEverywhereRequestSchema>;
export type SignOutEverywhereResponse = Static<typeof SignOutEverywhereResponseSchema>;
