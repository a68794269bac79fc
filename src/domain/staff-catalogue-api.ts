/**
 * Shapes of the venue's own changes to its catalogue. TypeBox schemas: the server validates and
 * serializes with them; the app imports only the types.
 *
 *   PUT /api/staff/stores/:storeId/items/:itemId/stock  + Idempotency-Key
 *                                          ItemStockChange -> ItemStock (waiters and admins of that store)
 *   PATCH /api/staff/stores/:storeId/items/:itemId       + Idempotency-Key
 *                                          ItemEdit -> EditableItem (admins of that store)
 *   GET /api/staff/stores/:storeId/catalogue          -> StaffCatalogue (waiters and admins of that store)
 */
import { type Static, Type } from "typebox";
import { TranslationsSchema } from "./api";
import { ServicePauseSchema } from "./service-pause-api";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** The most pieces a stock amount may count; more is a typing slip, not a stock. */
export const MAX_STOCK_AMOUNT = 1_000_000;

/** Money in integer cents, as a venue file states it: never negative, never past a million euros. */
export const CentsSchema = Type.Integer({ minimum: 0, maximum: 100_000_000 });

export const StoreItemParamsSchema = Type.Object({ storeId: Id, itemId: Id }, closed);
export type StoreItemParams = Static<typeof StoreItemParamsSchema>;

export const ItemStockChangeSchema = Type.Object(
  {
    stockEnabled: Type.Boolean({ description: "Whether the item's stock is counted; false: never sold out" }),
    stockAmount: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_STOCK_AMOUNT }), Type.Null()], {
      description: "Pieces left (0: sold out); required when stockEnabled, not kept (null) when not",
    }),
  },
  closed,
);
export type ItemStockChange = Static<typeof ItemStockChangeSchema>;

export const ItemStockSchema = Type.Object(
  {
    itemId: Id,
    stockEnabled: Type.Boolean(),
    stockAlignedToCartAddition: Type.Boolean(),
    stockAmount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  closed,
);
export type ItemStock = Static<typeof ItemStockSchema>;

/**
 * An admin's edit of an item: any of these fields, checked by the venue file's rules. `version`,
 * when given, is the item's version the admin saw: a later one refuses the edit (409 ITEM_CHANGED).
 */
export const ItemEditSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: "The item's version the edit was made on" })),
    names: Type.Optional(TranslationsSchema),
    priceCents: Type.Optional(CentsSchema),
    membershipPriceCents: Type.Optional(Type.Union([CentsSchema, Type.Null()])),
    memberPriceEnabled: Type.Optional(Type.Boolean()),
    membershipAdditionCents: Type.Optional(Type.Union([CentsSchema, Type.Null()])),
  },
  closed,
);
export type ItemEdit = Static<typeof ItemEditSchema>;

/** The fields an admin edits, as stored, with the item's version after the edit. */
export const EditableItemSchema = Type.Object(
  {
    itemId: Id,
    version: Type.Integer({ minimum: 1 }),
    names: TranslationsSchema,
    priceCents: CentsSchema,
    membershipPriceCents: Type.Union([CentsSchema, Type.Null()]),
    memberPriceEnabled: Type.Boolean(),
    membershipAdditionCents: Type.Union([CentsSchema, Type.Null()]),
  },
  closed,
);
export type EditableItem = Static<typeof EditableItemSchema>;

export const StoreParamsSchema = Type.Object({ storeId: Id }, closed);
export type StoreParams = Static<typeof StoreParamsSchema>;

/** An item as staff see it to edit: what an admin edits, its stock, and the photo guests see. */
export const StaffCatalogueItemSchema = Type.Object(
  {
    ...EditableItemSchema.properties,
    photo: Type.Union([Type.String(), Type.Null()], { description: "The photo's URL, as the guest menu names it" }),
    stockEnabled: Type.Boolean(),
    stockAmount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  closed,
);
export type StaffCatalogueItem = Static<typeof StaffCatalogueItemSchema>;

export const StaffCatalogueCategorySchema = Type.Object(
  { categoryId: Id, names: TranslationsSchema, items: Type.Array(StaffCatalogueItemSchema) },
  closed,
);
export type StaffCatalogueCategory = Static<typeof StaffCatalogueCategorySchema>;

export const StaffCatalogueServiceSchema = Type.Object(
  {
    serviceId: Id,
    slug: Type.String(),
    names: TranslationsSchema,
    categories: Type.Array(StaffCatalogueCategorySchema),
    pause: Type.Optional(ServicePauseSchema),
  },
  closed,
);
export type StaffCatalogueService = Static<typeof StaffCatalogueServiceSchema>;

/**
 * The store's services, categories and items in the guest menu's order. `catalogueVersion` is the
 * version guests' menus and the service worker follow; each item's `version` is the one an admin's
 * edit names.
 */
export const StaffCatalogueSchema = Type.Object(
  {
    storeId: Id,
    catalogueVersion: Type.Integer({ minimum: 0 }),
    services: Type.Array(StaffCatalogueServiceSchema),
  },
  closed,
);
export type StaffCatalogue = Static<typeof StaffCatalogueSchema>;
