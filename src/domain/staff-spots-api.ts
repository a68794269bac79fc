/**
 * Shapes of an admin's changes to the spots guests order from (tables, umbrellas, beach chairs,
 * rooms, delivery links) and of their QR sheet. TypeBox schemas: the server validates and
 * serializes with them; the app imports only the types.
 *
 *   GET /api/staff/stores/:storeId/spots                 -> StaffSpots (admins of that store)
 *   POST /api/staff/stores/:storeId/spots                + Idempotency-Key
 *                                          SpotCreate -> StaffSpot, 201 (admins)
 *   PATCH /api/staff/stores/:storeId/spots/:spotId       + Idempotency-Key
 *                                          SpotEdit -> StaffSpot (admins)
 *   GET /api/staff/stores/:storeId/qr-sheet[?spotId=]    -> the printable QR sheet (text/html, admins)
 */
import { type Static, Type } from "typebox";
import { SpotTypeSchema, TranslationsSchema } from "./api";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

// The venue file's limits for a spot (venue/venue-file.ts SpotFileSchema).
const SpotName = Type.String({ minLength: 1, maxLength: 80 });
const Capacity = Type.Integer({ minimum: 0, maximum: 1000 });
const Section = Type.String({ maxLength: 80, description: "the floor section; a new name adds a section" });

export const StoreSpotParamsSchema = Type.Object({ storeId: Id, spotId: Id }, closed);
export type StoreSpotParams = Static<typeof StoreSpotParamsSchema>;

export const StaffSpotSchema = Type.Object(
  {
    spotId: Id,
    version: Type.Integer({ minimum: 1 }),
    name: SpotName,
    names: TranslationsSchema,
    type: SpotTypeSchema,
    capacity: Capacity,
    section: Type.String(),
    isPda: Type.Boolean(),
    /** The address its QR code opens. */
    url: Type.String(),
  },
  closed,
);
export type StaffSpot = Static<typeof StaffSpotSchema>;

export const StaffSpotsSchema = Type.Object(
  {
    spots: Type.Array(StaffSpotSchema),
    sections: Type.Array(Type.String(), { description: "the floor's sections in floor order" }),
  },
  closed,
);
export type StaffSpots = Static<typeof StaffSpotsSchema>;

export const SpotCreateSchema = Type.Object(
  {
    id: Type.Optional({
      ...Id,
      description: "the spot's id, printed in its QR code; default: the next free one",
    }),
    name: SpotName,
    names: Type.Optional(TranslationsSchema),
    type: SpotTypeSchema,
    capacity: Type.Optional(Capacity),
    section: Type.Optional(Section),
    isPda: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type SpotCreate = Static<typeof SpotCreateSchema>;

export const SpotEditSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: "The spot's version the edit was made on" })),
    name: Type.Optional(SpotName),
    names: Type.Optional(
      Type.Union([TranslationsSchema, Type.Null()], { description: "null: the name in every language" }),
    ),
    type: Type.Optional(SpotTypeSchema),
    capacity: Type.Optional(Capacity),
    section: Type.Optional(Section),
  },
  closed,
);
export type SpotEdit = Static<typeof SpotEditSchema>;

export const QrSheetQuerySchema = Type.Object(
  { spotId: Type.Optional({ ...Id, description: "one spot's code; absent: every spot of the store" }) },
  closed,
);
export type QrSheetQuery = Static<typeof QrSheetQuerySchema>;
