/**
 * Shapes of the guest read API, as TypeBox schemas: the server validates and serializes with them
 * and generates its OpenAPI document from them; the app imports only their static types.
 * Money is integer cents; times of day are "HH:MM" in Europe/Athens.
 */
import { type Static, Type } from "typebox";
import { ALLERGENS, DIETARY_TAGS } from "./allergens";
import { DEMO_LINK_KINDS } from "./demo-links";
import { SLUG_PATTERN } from "./ids";
import { EXTRA_LANGUAGES } from "./languages";
import { RENTAL_UNITS } from "./rentals";
import { SPOT_TYPES } from "./spots";

export const TimeOfDay = Type.String({ pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$", description: "HH:MM, Athens time" });

export const TranslationSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  details: Type.Optional(Type.String()),
});

export const TranslationsSchema = Type.Object({
  GRE: TranslationSchema,
  ENG: TranslationSchema,
  ITA: Type.Optional(TranslationSchema),
  FRA: Type.Optional(TranslationSchema),
  DEU: Type.Optional(TranslationSchema),
  ROU: Type.Optional(TranslationSchema),
  BGR: Type.Optional(TranslationSchema),
  SRB: Type.Optional(TranslationSchema),
});

// Type.Enum, not Type.Union over .map(): a mapped array loses the tuple type and Static<> becomes never.
export const ExtraLanguageSchema = Type.Enum(EXTRA_LANGUAGES);
export const SpotTypeSchema = Type.Enum(SPOT_TYPES);

export const HoursSchema = Type.Object({ startTime: TimeOfDay, endTime: TimeOfDay });

export const HappyHourSchema = Type.Object({
  discountPercentage: Type.Integer({ minimum: 1, maximum: 100 }),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
});

export const DeliveryDiscountSchema = Type.Object({
  discountPercentage: Type.Integer({ minimum: 1, maximum: 100 }),
  minimumPriceForDeliveryDiscountCents: Type.Integer({ minimum: 0 }),
});

export const ErrorBodySchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  /** Facts the client words its own message with (e.g. who closed a table and when: byName, at). */
  details: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

export const StoreSchema = Type.Object({
  storeId: Type.Integer(),
  names: TranslationsSchema,
  storeIsHotel: Type.Boolean(),
  readOnly: Type.Boolean(),
  interactiveCatalogue: Type.Boolean(),
  extraLanguages: Type.Array(ExtraLanguageSchema),
  addButtonWording: Type.Union([Type.Literal("cart"), Type.Literal("order")]),
  numberOfServices: Type.Integer(),
  contact: Type.Object({
    email: Type.String(),
    phone: Type.String(),
    address: Type.String(),
  }),
});

export const SpotSchema = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  name: Type.String(),
  /** The name in each language (the venue file's, else `name` in every language). */
  names: TranslationsSchema,
  type: SpotTypeSchema,
  capacity: Type.Integer({ minimum: 0 }),
  section: Type.String(),
  isPda: Type.Boolean(),
});

export const ServiceSchema = Type.Object({
  serviceId: Type.Integer(),
  slug: Type.String({ pattern: SLUG_PATTERN }),
  names: TranslationsSchema,
  type: Type.String({ description: "free label of the kind of service, e.g. BEACH_BAR" }),
  photo: Type.Union([Type.String(), Type.Null()]),
  hours: Type.Union([HoursSchema, Type.Null()], { description: "null: always open" }),
  scheduledOrdersEnabled: Type.Boolean(),
  scheduledOrdersHours: Type.Union([HoursSchema, Type.Null()]),
  membershipEnabled: Type.Boolean(),
  membershipInfoShown: Type.Boolean(),
  membershipPricesVisible: Type.Boolean(),
  delayedResponse: Type.Boolean(),
  hidePhotosOfItems: Type.Boolean(),
  maxItemsPerOrder: Type.Integer({ minimum: 0, description: "0: no limit" }),
  roomServiceChargePercentage: Type.Integer({ minimum: 0, maximum: 100 }),
  happyHour: Type.Union([HappyHourSchema, Type.Null()]),
  deliveryDiscount: Type.Union([DeliveryDiscountSchema, Type.Null()]),
  minimumOrderCents: Type.Integer({ minimum: 0 }),
  // Last and optional: the bytes of a service that was never paused stay the same.
  pause: Type.Optional(
    Type.Object(
      {
        since: Type.String({ format: "date-time" }),
        until: Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description: "null: until resumed" }),
        reason: Type.String({ maxLength: 140 }),
      },
      {
        description:
          "Paused now by the venue (a waiter or admin): no orders until `until` passes or someone resumes it; absent: not paused",
      },
    ),
  ),
});

export const TableResponseSchema = Type.Object({
  store: StoreSchema,
  spot: SpotSchema,
  services: Type.Array(ServiceSchema),
});

export const OptionSchema = Type.Object({
  id: Type.Integer(),
  names: TranslationsSchema,
  priceCents: Type.Integer({ minimum: 0 }),
  isSelected: Type.Boolean({ description: "selected by default" }),
});

export const SubselectionGroupSchema = Type.Object({
  id: Type.Integer(),
  names: TranslationsSchema,
  type: Type.Union([Type.Literal("RADIO_BUTTON"), Type.Literal("CHECKBOX")]),
  mandatory: Type.Boolean(),
  maximumSelected: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  priceAggregated: Type.Boolean(),
  options: Type.Array(OptionSchema),
});

export const CategorySchema = Type.Object({
  id: Type.Integer(),
  names: TranslationsSchema,
  maxProductsPerCart: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
});

/** A rentable item: its price is per day or per hour, for at most maxUnits of them (rentals.ts). */
export const RentalTermsSchema = Type.Object({
  unit: Type.Enum(RENTAL_UNITS),
  maxUnits: Type.Integer({ minimum: 1, maximum: 1000 }),
});

export const ItemSchema = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  names: TranslationsSchema,
  photo: Type.Union([Type.String(), Type.Null()], { description: "URL path of a shipped image" }),
  priceCents: Type.Integer({ minimum: 0 }),
  membershipPriceCents: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  memberPriceEnabled: Type.Boolean(),
  membershipAdditionCents: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: "what a member pays on top for an item outside the all-inclusive package",
  }),
  measurable: Type.Boolean(),
  perKg: Type.Boolean(),
  priceable: Type.Boolean(),
  request: Type.Boolean(),
  /** Present on rentable items only: the guest picks a pick-up and a return date. */
  rental: Type.Optional(RentalTermsSchema),
  productCategoryName: Type.String({ description: "the category's English name; 'Deals' is special" }),
  maxProductsPerCartForThisCategory: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  stockEnabled: Type.Boolean(),
  stockAlignedToCartAddition: Type.Boolean(),
  stockAmount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  subselections: Type.Array(SubselectionGroupSchema),
  // Last and optional: the menu's bytes stay the same for items without them.
  allergens: Type.Optional(
    Type.Array(Type.Enum(ALLERGENS), {
      description: "EU allergens (Regulation 1169/2011 Annex II) the item contains; absent: not stated",
    }),
  ),
  dietary: Type.Optional(Type.Array(Type.Enum(DIETARY_TAGS))),
});

export const MenuResponseSchema = Type.Object({
  storeId: Type.Integer(),
  serviceId: Type.Integer(),
  categories: Type.Array(CategorySchema),
  items: Type.Array(ItemSchema),
});

export const UtilsDateResponseSchema = Type.Object({
  date: Type.String({ format: "date-time", description: "the server's current instant, ISO 8601 UTC" }),
});

/** Text a person typed: no control characters (a NUL breaks PostgreSQL text), line breaks allowed where asked. */
const SingleLineText = "^[^\\u0000-\\u001F\\u007F]*$";
const MultiLineText = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$";

export const ContactRequestSchema = Type.Object({
  storeId: Type.Optional(Type.Integer({ minimum: 1 })),
  name: Type.String({ minLength: 1, maxLength: 200, pattern: SingleLineText }),
  email: Type.String({ minLength: 3, maxLength: 254, format: "email" }),
  message: Type.String({ minLength: 1, maxLength: 5000, pattern: MultiLineText }),
});

export type ErrorBodyDto = Static<typeof ErrorBodySchema>;
export type StoreDto = Static<typeof StoreSchema>;
export type SpotDto = Static<typeof SpotSchema>;
export type ServiceDto = Static<typeof ServiceSchema>;
export type TableResponse = Static<typeof TableResponseSchema>;
export type OptionDto = Static<typeof OptionSchema>;
export type SubselectionGroupDto = Static<typeof SubselectionGroupSchema>;
export type CategoryDto = Static<typeof CategorySchema>;
export type ItemDto = Static<typeof ItemSchema>;
export type MenuResponse = Static<typeof MenuResponseSchema>;
export type UtilsDateResponse = Static<typeof UtilsDateResponseSchema>;
export type ContactRequest = Static<typeof ContactRequestSchema>;

/** Links printed on start and listed on the landing page while the demo venues are loaded. */
export const DemoLinkSchema = Type.Object({
  storeId: Type.Integer(),
  storeNames: TranslationsSchema,
  kind: Type.Enum(DEMO_LINK_KINDS),
  spotName: Type.String(),
  path: Type.String({ description: "app path, e.g. /menu/7001" }),
  /** The spot's services open for orders at the moment of asking (empty for the PIN page). */
  openServices: Type.Array(TranslationsSchema),
});

export const DemoLinksResponseSchema = Type.Object({ links: Type.Array(DemoLinkSchema) });

export type DemoLinkDto = Static<typeof DemoLinkSchema>;
export type DemoLinksResponse = Static<typeof DemoLinksResponseSchema>;
