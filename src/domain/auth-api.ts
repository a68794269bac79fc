/**
 * Shapes of the accounts API (spec §3 "User session" and "Login payloads", §7 calls), as TypeBox
 * schemas: the server validates and serializes with them and documents them in OpenAPI; the app
 * imports only their static types (`import type`).
 *
 * Request bodies and query strings are closed (additionalProperties: false): an account is always
 * the one the session's tokens name, so a body or query that names a user (`userId`, `id`) is a
 * 400, never a way to act on someone else's account. Fields whose absence has its own spec code
 * (EMPTY_PHONE, EMPTY_EMAIL, INVALID_PASSWORD ...) are optional here and checked by the server.
 */
import { type Static, Type } from "typebox";

/** Length of the one-time codes sent by SMS, voice call and e-mail. */
export const VERIFICATION_CODE_LENGTH = 6;

const closed = { additionalProperties: false } as const;

/**
 * Text that is stored or looked up: no control characters (a NUL cannot even be stored in
 * PostgreSQL text, and a line break has no place in a name or an address).
 */
const plainText = (maxLength: number, options: { minLength?: number; description?: string } = {}) =>
  Type.String({ ...options, maxLength, pattern: "^[^\\u0000-\\u001F\\u007F]*$" });

/** Positive 32-bit ids, like the venue file's. */
export const AccountIdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * A run of digits: the spec sends a JSON number; text is accepted too because a number loses the
 * leading 0 of some national numbers. null and "" mean empty (EMPTY_PHONE).
 */
export const PhoneDigitsSchema = Type.Union([Type.Number(), Type.String({ maxLength: 32 }), Type.Null()]);

export const PhoneRequestSchema = Type.Object(
  {
    phoneNumber: Type.Optional(PhoneDigitsSchema),
    countryCode: Type.Optional(PhoneDigitsSchema),
  },
  { ...closed, description: "phoneNumber: national digits; countryCode: the country's dial code (30 for Greece)" },
);

export const VerificationChannelSchema = Type.Union([Type.Literal("sms"), Type.Literal("call")]);

export const ChannelQuerySchema = Type.Object(
  { channel: Type.Optional(VerificationChannelSchema) },
  { ...closed, description: "how the code is sent; sms when absent" },
);

export const EntranceQuerySchema = Type.Object({ storeId: Type.Optional(AccountIdSchema) }, closed);

/** Identical for every number, known or not (design: same answer for known and unknown numbers). */
export const VerificationSentSchema = Type.Object({
  channel: Type.Union([Type.Literal("sms"), Type.Literal("call"), Type.Literal("email")]),
  expiresInSeconds: Type.Integer({ description: "how long the code is valid" }),
  resendAfterSeconds: Type.Integer({ description: "the earliest a new code can be asked for" }),
});

export const PhoneLoginRequestSchema = Type.Object(
  {
    phoneNumber: Type.Optional(PhoneDigitsSchema),
    countryCode: Type.Optional(PhoneDigitsSchema),
    password: Type.Optional(Type.String({ maxLength: 64, description: "the code received by SMS or call" })),
  },
  closed,
);

export const AccountRoleSchema = Type.Union([
  Type.Literal("GUEST"),
  Type.Literal("WAITER"),
  Type.Literal("ADMIN"),
  Type.Literal("VISITOR"),
]);

export const UserPhoneSchema = Type.Object({
  phoneNumber: Type.String({ description: "national number, digits only" }),
  countryISO2: Type.String({ minLength: 2, maxLength: 2 }),
  international: Type.Optional(
    Type.String({ description: "the number as people read it, with its country code: +30 691 838 7470" }),
  ),
});

/** Spec §3 user, plus the role and store that tell guests, staff and temporary visitors apart. */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([UserPhoneSchema, Type.Null()], { description: "null for staff and visitor accounts" }),
  verified: Type.Boolean(),
  optedInForNewsletter: Type.Boolean(),
  role: AccountRoleSchema,
  storeId: Type.Union([Type.Integer(), Type.Null()], { description: "the store of a staff or visitor account" }),
});

/** The answer of every sign-in, and of the calls that return new tokens (spec §7). */
export const SessionResponseSchema = Type.Object({
  authToken: Type.Object({
    user: UserSchema,
    token: Type.String({ description: "opaque; send it as the authToken header" }),
  }),
  jwt: Type.String({ description: "short-lived; send it as the jwt header" }),
});

export const RefreshResponseSchema = Type.Object({
  user: UserSchema,
  authToken: Type.String(),
  jwt: Type.String(),
});

/**
 * Authenticated calls send both tokens (spec §6). Optional in the schema so that a missing one is
 * answered 401 INVALID_AUTH_TOKEN like a wrong one, not 400. (HTTP header names are lower case.)
 */
export const AuthHeadersSchema = Type.Object({
  authtoken: Type.Optional(Type.String({ maxLength: 512 })),
  jwt: Type.Optional(Type.String({ maxLength: 4096 })),
});

export const PinLoginQuerySchema = Type.Object(
  {
    pin: Type.Optional(Type.String({ maxLength: 32 })),
    storeId: AccountIdSchema,
  },
  closed,
);

export const WaiterFromTokenQuerySchema = Type.Object(
  { userId: AccountIdSchema, storeId: AccountIdSchema },
  { ...closed, description: "userId: the staff account the login token was issued for" },
);

export const LoginTokenHeadersSchema = Type.Object({
  "login-token": Type.Optional(Type.String({ maxLength: 512 })),
});

export const StoreQuerySchema = Type.Object({ storeId: AccountIdSchema }, closed);

export const ResetEmailRequestSchema = Type.Object(
  { email: Type.Optional(Type.Union([Type.String({ maxLength: 320 }), Type.Null()])) },
  closed,
);

export const ResetPasswordRequestSchema = Type.Object(
  {
    email: Type.Optional(Type.Union([Type.String({ maxLength: 320 }), Type.Null()])),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    verificationCode: Type.Optional(Type.String({ maxLength: 64 })),
  },
  closed,
);

export const UpdateUserRequestSchema = Type.Object(
  {
    name: Type.Optional(Type.Union([plainText(100), Type.Null()])),
    email: Type.Optional(
      Type.Union([Type.String({ maxLength: 320 }), Type.Null()], { description: "null removes the address" }),
    ),
    optedInForNewsletter: Type.Optional(Type.Boolean()),
  },
  closed,
);

export const ChangePhoneRequestSchema = Type.Object(
  {
    phoneNumber: Type.Optional(PhoneDigitsSchema),
    countryCode: Type.Optional(PhoneDigitsSchema),
    verificationCode: Type.Optional(Type.String({ maxLength: 64, description: "the code sent to the new number" })),
  },
  closed,
);

/** A saved card: the payment provider's token and what the guest recognises it by. Never card data. */
export const SavedCardSchema = Type.Object({
  cardToken: Type.String(),
  brand: Type.String(),
  lastFourDigits: Type.String({ pattern: "^[0-9]{4}$" }),
});

export const SavedCardsResponseSchema = Type.Object({ cards: Type.Array(SavedCardSchema) });

export const CardTokenHeadersSchema = Type.Object({
  cardtoken: Type.Optional(Type.String({ maxLength: 512 })),
});

export const MembershipQuerySchema = Type.Object({ restaurantId: AccountIdSchema }, closed);

/** Spec §7: "truthy data on 200" when the user is a member of that store. */
export const MembershipResponseSchema = Type.Boolean();

export const OkResponseSchema = Type.Object({ ok: Type.Literal(true) });

export const UserResponseSchema = Type.Object({ user: UserSchema });

export const StaffLoginTokenRequestSchema = Type.Object({ staffId: AccountIdSchema }, closed);

export const StaffLoginTokenResponseSchema = Type.Object({
  userId: Type.Integer({ description: "the staff account; the userId of authenticate/login/waiter-from-token" }),
  storeId: Type.Integer(),
  loginToken: Type.String({ description: "one use; send it as the login-token header" }),
  expiresAt: Type.String({ format: "date-time" }),
});

export const OutboxQuerySchema = Type.Object(
  { to: plainText(320, { minLength: 1, description: "E.164 phone (+30...) or e-mail address" }) },
  closed,
);

export const OutboxMessageSchema = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal("sms"), Type.Literal("call"), Type.Literal("email")]),
  to: Type.String(),
  subject: Type.Union([Type.String(), Type.Null()]),
  body: Type.String(),
  storeId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
});

export const OutboxMessagesResponseSchema = Type.Object({
  messages: Type.Array(OutboxMessageSchema, { description: "newest first" }),
});

export type PhoneRequest = Static<typeof PhoneRequestSchema>;
export type VerificationChannel = Static<typeof VerificationChannelSchema>;
export type VerificationSent = Static<typeof VerificationSentSchema>;
export type PhoneLoginRequest = Static<typeof PhoneLoginRequestSchema>;
export type AccountRole = Static<typeof AccountRoleSchema>;
export type UserDto = Static<typeof UserSchema>;
export type SessionResponse = Static<typeof SessionResponseSchema>;
export type RefreshResponse = Static<typeof RefreshResponseSchema>;
export type ResetEmailRequest = Static<typeof ResetEmailRequestSchema>;
export type ResetPasswordRequest = Static<typeof ResetPasswordRequestSchema>;
export type UpdateUserRequest = Static<typeof UpdateUserRequestSchema>;
export type ChangePhoneRequest = Static<typeof ChangePhoneRequestSchema>;
export type SavedCardDto = Static<typeof SavedCardSchema>;
export type SavedCardsResponse = Static<typeof SavedCardsResponseSchema>;
export type OkResponse = Static<typeof OkResponseSchema>;
export type UserResponse = Static<typeof UserResponseSchema>;
export type StaffLoginTokenRequest = Static<typeof StaffLoginTokenRequestSchema>;
export type StaffLoginTokenResponse = Static<typeof StaffLoginTokenResponseSchema>;
export type OutboxMessageDto = Static<typeof OutboxMessageSchema>;
export type OutboxMessagesResponse = Static<typeof OutboxMessagesResponseSchema>;
