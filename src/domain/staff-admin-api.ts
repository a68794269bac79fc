/**
 * Shapes of an admin's management of the store: its staff, item photos, the audit list and the
 * venue file. TypeBox schemas: the server validates and serializes with them; the app imports only
 * the types.
 *
 *   GET   /api/staff/stores/:storeId/staff                        -> StaffList (admins)
 *   POST  /api/staff/stores/:storeId/staff          + Idempotency-Key  NewStaffMember -> 201 StaffMemberCreated
 *   PATCH /api/staff/stores/:storeId/staff/:userId  + Idempotency-Key  StaffMemberEdit -> StaffMemberRow
 *   POST  /api/staff/stores/:storeId/staff/:userId/pin + Idempotency-Key  PinReset -> PinIssued
 *   POST  /api/staff/stores/:storeId/items/:itemId/photo + Idempotency-Key  raw image -> ItemPhoto
 *   GET   /api/staff/stores/:storeId/audit?before=&limit=         -> AuditPage (admins)
 *   GET   /api/staff/stores/:storeId/venue-file                   -> the store as a venue file (admins)
 */
import { type Static, Type } from "typebox";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const StaffRoleSchema = Type.Union([Type.Literal("waiter"), Type.Literal("admin")]);
export type StaffRole = Static<typeof StaffRoleSchema>;

export const StaffMemberRowSchema = Type.Object(
  { userId: Id, name: Type.String(), role: StaffRoleSchema, active: Type.Boolean(), version: Type.Integer() },
  closed,
);
export type StaffMemberRow = Static<typeof StaffMemberRowSchema>;

export const StaffListSchema = Type.Object({ staff: Type.Array(StaffMemberRowSchema) }, closed);
export type StaffList = Static<typeof StaffListSchema>;

export const NewStaffMemberSchema = Type.Object(
  { name: Type.String(), role: StaffRoleSchema, pin: Type.Optional(Type.String()) },
  closed,
);
export type NewStaffMember = Static<typeof NewStaffMemberSchema>;

export const StaffMemberCreatedSchema = Type.Object({ member: StaffMemberRowSchema, pin: Type.String() }, closed);
export type StaffMemberCreated = Static<typeof StaffMemberCreatedSchema>;

export const StaffMemberEditSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer()),
    name: Type.Optional(Type.String()),
    role: Type.Optional(StaffRoleSchema),
    active: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type StaffMemberEdit = Static<typeof StaffMemberEditSchema>;

export const PinResetSchema = Type.Object({ pin: Type.Optional(Type.String()) }, closed);
export type PinReset = Static<typeof PinResetSchema>;

export const PinIssuedSchema = Type.Object({ pin: Type.String() }, closed);
export type PinIssued = Static<typeof PinIssuedSchema>;

export const ItemPhotoSchema = Type.Object(
  { photo: Type.String(), width: Type.Integer(), height: Type.Integer() },
  closed,
);
export type ItemPhoto = Static<typeof ItemPhotoSchema>;

export const AuditEntrySchema = Type.Object(
  {
    id: Id,
    at: Type.String(),
    actor: Type.Object({ userId: Type.Union([Type.Integer(), Type.Null()]), name: Type.String() }, closed),
    action: Type.String(),
    subject: Type.Object(
      { kind: Type.String(), id: Type.Union([Type.Integer(), Type.Null()]), label: Type.String() },
      closed,
    ),
    before: Type.Unknown(),
    after: Type.Unknown(),
  },
  closed,
);
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditPageSchema = Type.Object(
  { entries: Type.Array(AuditEntrySchema), next: Type.Union([Type.Integer(), Type.Null()]) },
  closed,
);
export type AuditPage = Static<typeof AuditPageSchema>;
