/**
 * Shapes of a store's administration by its admins: its staff, who changed what (the audit list),
 * item photos and the store as a venue file. TypeBox schemas: the server validates and serializes
 * with them; the app imports only the types.
 *
 *   GET   /api/staff/stores/:storeId/staff                      -> StaffList
 *   POST  /api/staff/stores/:storeId/staff            + Idempotency-Key  NewStaffMember -> 201 AddedStaffMember
 *   PATCH /api/staff/stores/:storeId/staff/:userId    + Idempotency-Key  StaffMemberChange -> StaffMemberRow
 *   POST  /api/staff/stores/:storeId/staff/:userId/pin + Idempotency-Key PinChange -> NewPin
 *   POST  /api/staff/stores/:storeId/items/:itemId/photo + Idempotency-Key  raw image -> ItemPhoto
 *   DELETE /api/staff/stores/:storeId/items/:itemId/photo + Idempotency-Key           -> NoItemPhoto
 *   GET   /api/staff/stores/:storeId/audit?before&limit              -> AuditPage
 *   GET   /api/staff/stores/:storeId/venue-file                      -> the venue file (venues/README.md)
 * All of them: admins of that store only.
 */
import { type Static, Type } from "typebox";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A staff PIN: 4 to 8 digits, the venue file's format. */
export const PIN_PATTERN = "^[0-9]{4,8}$";
export const PinSchema = Type.String({ pattern: PIN_PATTERN, description: "4 to 8 digits" });

export const StaffRoleNameSchema = Type.Union([Type.Literal("waiter"), Type.Literal("admin")]);
export type StaffRoleName = Static<typeof StaffRoleNameSchema>;

const StaffNameSchema = Type.String({ minLength: 1, maxLength: 80, pattern: "\\S" });

export const StoreMemberParamsSchema = Type.Object({ storeId: Id, userId: Id }, closed);
export type StoreMemberParams = Static<typeof StoreMemberParamsSchema>;

/** `userId` is the staff member's id: the `staff[].id` of the venue file, the one that signs in. */
export const StaffMemberRowSchema = Type.Object(
  {
    userId: Id,
    name: Type.String(),
    role: StaffRoleNameSchema,
    active: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
  },
  closed,
);
export type StaffMemberRow = Static<typeof StaffMemberRowSchema>;

export const StaffListSchema = Type.Object({ staff: Type.Array(StaffMemberRowSchema) }, closed);
export type StaffList = Static<typeof StaffListSchema>;

export const NewStaffMemberSchema = Type.Object(
  {
    name: StaffNameSchema,
    role: StaffRoleNameSchema,
    pin: Type.Optional(PinSchema),
  },
  closed,
);
export type NewStaffMember = Static<typeof NewStaffMemberSchema>;

/** The PIN is in this answer only: it is stored hashed and never shown again. */
export const AddedStaffMemberSchema = Type.Object({ member: StaffMemberRowSchema, pin: PinSchema }, closed);
export type AddedStaffMember = Static<typeof AddedStaffMemberSchema>;

export const StaffMemberChangeSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: "The member's version the change was made on" })),
    name: Type.Optional(StaffNameSchema),
    role: Type.Optional(StaffRoleNameSchema),
    active: Type.Optional(Type.Boolean({ description: "false: cannot sign in, every session ends" })),
  },
  closed,
);
export type StaffMemberChange = Static<typeof StaffMemberChangeSchema>;

export const PinChangeSchema = Type.Object(
  { pin: Type.Optional({ ...PinSchema, description: "the new PIN; absent: one is generated" }) },
  closed,
);
export type PinChange = Static<typeof PinChangeSchema>;

export const NewPinSchema = Type.Object({ pin: PinSchema }, closed);
export type NewPin = Static<typeof NewPinSchema>;

/** The most bytes an uploaded photo may have. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const ItemPhotoSchema = Type.Object(
  {
    photo: Type.String({ description: "the URL the guest menu shows" }),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
  },
  closed,
);
export type ItemPhoto = Static<typeof ItemPhotoSchema>;

/** An item whose photo was removed: the guest menu shows none. */
export const NoItemPhotoSchema = Type.Object({ photo: Type.Null({ description: "no photo any more" }) }, closed);
export type NoItemPhoto = Static<typeof NoItemPhotoSchema>;

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

export const AuditQuerySchema = Type.Object(
  {
    before: Type.Optional({ ...Id, description: "entries older than this id (the previous page's next)" }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT })),
  },
  closed,
);
export type AuditQuery = Static<typeof AuditQuerySchema>;

export const AuditEntrySchema = Type.Object(
  {
    id: Id,
    at: Type.String({ description: "ISO 8601 UTC" }),
    actor: Type.Object(
      {
        userId: Type.Union([Id, Type.Null()], { description: "the account; null for the venue:import command" }),
        name: Type.String(),
      },
      closed,
    ),
    action: Type.String({ description: "e.g. item.stock, item.edit, item.photo, staff.add, catalogue.import" }),
    subject: Type.Object({ kind: Type.String(), id: Type.Union([Id, Type.Null()]), label: Type.String() }, closed),
    before: Type.Unknown(),
    after: Type.Unknown(),
  },
  closed,
);
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditPageSchema = Type.Object(
  {
    entries: Type.Array(AuditEntrySchema),
    next: Type.Union([Id, Type.Null()], { description: "give as before for the next (older) page; null: no more" }),
  },
  closed,
);
export type AuditPage = Static<typeof AuditPageSchema>;
