/**
 * Shapes of the venue's own changes to its catalogue. TypeBox schemas: the server validates and
 * serializes with them; the app imports only the types.
 *
 *   PUT /api/staff/stores/:storeId/items/:itemId/stock  + Idempotency-Key
 *                                          ItemStockChange -> ItemStock (waiters and admins of that store)
 *   PATCH /api/staff/stores/:storeId/items/:itemId       + Idempotency-Key
 *                                          ItemEdit -> EditableItem (admins of that store)
 *   GET /api/staff/stores/:storeId/catalogue          -> StaffCatalogue (waiters and admins of that store)
 *   PATCH /api/staff/stores/:storeId/services/:serviceId + Idempotency-Key
 *                                          ServiceEdit -> EditableService (admins of that store)
 *   PATCH /api/staff/stores/:storeId/categories/:categoryId + Idempotency-Key
 *                                          CategoryEdit -> EditableCategory (admins of that store)
 *   PUT /api/staff/stores/:storeId/categories/:categoryId/item-order + Idempotency-Key
 *                                          ItemOrder -> ItemOrder as stored (admins of that store)
 *   PUT /api/staff/stores/:storeId/services/:serviceId/category-order + Idempotency-Key
 *                                          CategoryOrder -> CategoryOrder as stored (admins of that store)
 *   PUT /api/staff/stores/:storeId/items/:itemId/groups + Idempotency-Key
 *                                          ItemGroupsEdit -> ItemGroups (admins of that store)
 */
import { type Static, Type } from "typebox";
import { DeliveryDiscountSchema, HappyHourSchema, HoursSchema, TranslationsSchema } from "./api";
import {
  MAX_DETAILS_LENGTH,
  MAX_GROUPS_PER_ITEM,
  MAX_ITEMS_PER_ORDER_LIMIT,
  MAX_OPTIONS_PER_GROUP,
  MAX_STOCK_AMOUNT,
} from "./catalogue-limits";
import { ServicePauseSchema } from "./service-pause-api";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

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
 * Names and details as an admin's edit writes them: the venue file's translations, with details no
 * longer than MAX_DETAILS_LENGTH (a venue file states no limit, and its schema keeps none).
 */
const EditedTranslationSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  details: Type.Optional(Type.String({ maxLength: MAX_DETAILS_LENGTH })),
});
const EditedTranslationsSchema = Type.Object({
  GRE: EditedTranslationSchema,
  ENG: EditedTranslationSchema,
  ITA: Type.Optional(EditedTranslationSchema),
  FRA: Type.Optional(EditedTranslationSchema),
  DEU: Type.Optional(EditedTranslationSchema),
  ROU: Type.Optional(EditedTranslationSchema),
  BGR: Type.Optional(EditedTranslationSchema),
  SRB: Type.Optional(EditedTranslationSchema),
});

/**
 * An admin's edit of an item: any of these fields, checked by the venue file's rules. `version`,
 * when given, is the item's version the admin saw: a later one refuses the edit (409 ITEM_CHANGED).
 */
export const ItemEditSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: "The item's version the edit was made on" })),
    names: Type.Optional(EditedTranslationsSchema),
    priceCents: Type.Optional(CentsSchema),
    membershipPriceCents: Type.Optional(Type.Union([CentsSchema, Type.Null()])),
    memberPriceEnabled: Type.Optional(Type.Boolean()),
    membershipAdditionCents: Type.Optional(Type.Union([CentsSchema, Type.Null()])),
    perKg: Type.Optional(Type.Boolean({ description: "Sold by the kilo: guests give kilos, priceCents is per kilo" })),
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
    perKg: Type.Boolean(),
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
  {
    categoryId: Id,
    version: Type.Integer({ minimum: 1, description: "The version an edit of the category or its items' order names" }),
    names: TranslationsSchema,
    maxProductsPerCart: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    items: Type.Array(StaffCatalogueItemSchema),
  },
  closed,
);
export type StaffCatalogueCategory = Static<typeof StaffCatalogueCategorySchema>;

/** The settings an admin edits, as stored, with the service's version after the edit. */
export const EditableServiceSchema = Type.Object(
  {
    serviceId: Id,
    version: Type.Integer({ minimum: 1 }),
    names: TranslationsSchema,
    hours: Type.Union([HoursSchema, Type.Null()]),
    scheduledOrders: Type.Union([Type.Object({ enabled: Type.Boolean(), hours: HoursSchema }, closed), Type.Null()]),
    maxItemsPerOrder: Type.Integer({ minimum: 0 }),
    minimumOrderCents: CentsSchema,
    happyHour: Type.Union([HappyHourSchema, Type.Null()]),
    deliveryDiscount: Type.Union([DeliveryDiscountSchema, Type.Null()]),
    delayedResponse: Type.Boolean(),
    hidePhotosOfItems: Type.Boolean(),
  },
  closed,
);
export type EditableService = Static<typeof EditableServiceSchema>;

/**
 * A service as staff see it to change it: its settings as an admin edits them (EditableService,
 * whose `version` an edit of the service or its categories' order names), its categories, and
 * its pause when set.
 */
export const StaffCatalogueServiceSchema = Type.Object(
  {
    ...EditableServiceSchema.properties,
    slug: Type.String(),
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

export const StoreServiceParamsSchema = Type.Object({ storeId: Id, serviceId: Id }, closed);
export type StoreServiceParams = Static<typeof StoreServiceParamsSchema>;

/**
 * An admin's edit of a service's settings, in the venue file's terms: any of these fields; null
 * removes an optional setting (always open, no happy hour...). `version`, when given, is the
 * service's version the admin saw: a later one refuses the edit (409 SERVICE_CHANGED).
 */
export const ServiceEditSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: "The service's version the edit was made on" })),
    names: Type.Optional(TranslationsSchema),
    hours: Type.Optional(Type.Union([HoursSchema, Type.Null()], { description: "null: open 24 hours" })),
    scheduledOrders: Type.Optional(
      Type.Union([Type.Object({ enabled: Type.Boolean(), hours: HoursSchema }, closed), Type.Null()]),
    ),
    maxItemsPerOrder: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_ITEMS_PER_ORDER_LIMIT, description: "0: no limit" }),
    ),
    minimumOrderCents: Type.Optional(CentsSchema),
    happyHour: Type.Optional(Type.Union([HappyHourSchema, Type.Null()])),
    deliveryDiscount: Type.Optional(Type.Union([DeliveryDiscountSchema, Type.Null()])),
    delayedResponse: Type.Optional(Type.Boolean()),
    hidePhotosOfItems: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type ServiceEdit = Static<typeof ServiceEditSchema>;

export const StoreCategoryParamsSchema = Type.Object({ storeId: Id, categoryId: Id }, closed);
export type StoreCategoryParams = Static<typeof StoreCategoryParamsSchema>;

/** A category's own limit as a venue file states it; null: no limit. */
const MaxProductsPerCart = Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ITEMS_PER_ORDER_LIMIT }), Type.Null()]);

/** An admin's edit of a category: its names and its limit per cart, naming the version seen. */
export const CategoryEditSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    names: Type.Optional(EditedTranslationsSchema),
    maxProductsPerCart: Type.Optional(MaxProductsPerCart),
  },
  closed,
);
export type CategoryEdit = Static<typeof CategoryEditSchema>;

export const EditableCategorySchema = Type.Object(
  {
    categoryId: Id,
    version: Type.Integer({ minimum: 1 }),
    names: TranslationsSchema,
    maxProductsPerCart: MaxProductsPerCart,
  },
  closed,
);
export type EditableCategory = Static<typeof EditableCategorySchema>;

/** The most entries one list to order may hold; a category or service holds far fewer. */
const MAX_ORDERED = 2_000;

/** A category's items in their new order: every item of the category, each once. */
export const ItemOrderSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: "The category's version the order was made on" })),
    itemIds: Type.Array(Id, { minItems: 1, maxItems: MAX_ORDERED, uniqueItems: true }),
  },
  closed,
);
export type ItemOrder = Static<typeof ItemOrderSchema>;

export const StoredItemOrderSchema = Type.Object(
  { categoryId: Id, version: Type.Integer({ minimum: 1 }), itemIds: Type.Array(Id) },
  closed,
);
export type StoredItemOrder = Static<typeof StoredItemOrderSchema>;

/** A service's categories in their new order: every category of the service, each once. */
export const CategoryOrderSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: "The service's version the order was made on" })),
    categoryIds: Type.Array(Id, { minItems: 1, maxItems: MAX_ORDERED, uniqueItems: true }),
  },
  closed,
);
export type CategoryOrder = Static<typeof CategoryOrderSchema>;

export const StoredCategoryOrderSchema = Type.Object(
  { serviceId: Id, version: Type.Integer({ minimum: 1 }), categoryIds: Type.Array(Id) },
  closed,
);
export type StoredCategoryOrder = Static<typeof StoredCategoryOrderSchema>;

/** An option's fields as a venue file states them (its id aside). */
export const OptionFieldsSchema = Type.Object({
  names: TranslationsSchema,
  priceCents: Type.Optional(CentsSchema),
  isSelected: Type.Optional(Type.Boolean({ description: "selected by default" })),
});

/** An option group's fields as a venue file states them (its id and options aside). */
export const GroupFieldsSchema = Type.Object({
  names: TranslationsSchema,
  type: Type.Union([Type.Literal("RADIO_BUTTON"), Type.Literal("CHECKBOX")]),
  mandatory: Type.Optional(Type.Boolean()),
  maximumSelected: Type.Optional(Type.Integer({ minimum: 1 })),
  priceAggregated: Type.Optional(Type.Boolean()),
});

const OptionEditSchema = Type.Object(
  {
    id: Type.Optional({ ...Id, description: "kept from the item's own options; absent: a new one" }),
    ...OptionFieldsSchema.properties,
  },
  closed,
);

const GroupEditSchema = Type.Object(
  {
    id: Type.Optional({ ...Id, description: "kept from the item's own groups; absent: a new one" }),
    ...GroupFieldsSchema.properties,
    // As the item's groups read: null, like absent, is no maximum.
    maximumSelected: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    options: Type.Array(OptionEditSchema, { minItems: 1, maxItems: MAX_OPTIONS_PER_GROUP }),
  },
  closed,
);

/**
 * An admin's new option groups of an item, replacing its groups whole, in order, by the venue
 * file's rules. `version` is the item's version the edit was made on (409 ITEM_CHANGED).
 */
export const ItemGroupsEditSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    groups: Type.Array(GroupEditSchema, { maxItems: MAX_GROUPS_PER_ITEM }),
  },
  closed,
);
export type ItemGroupsEdit = Static<typeof ItemGroupsEditSchema>;

export const ItemGroupsSchema = Type.Object(
  {
    itemId: Id,
    version: Type.Integer({ minimum: 1 }),
    groups: Type.Array(
      Type.Object(
        {
          id: Id,
          names: TranslationsSchema,
          type: GroupFieldsSchema.properties.type,
          mandatory: Type.Boolean(),
          maximumSelected: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
          priceAggregated: Type.Boolean(),
          options: Type.Array(
            Type.Object(
              { id: Id, names: TranslationsSchema, priceCents: CentsSchema, isSelected: Type.Boolean() },
              closed,
            ),
          ),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type ItemGroups = Static<typeof ItemGroupsSchema>;
