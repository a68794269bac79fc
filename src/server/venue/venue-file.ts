/**
 * The venue file: everything a venue owner puts in (store, services with their menus, spots and
 * staff) in one JSON document. Ids are chosen by the venue and must stay stable between imports,
 * because guests' carts and past orders refer to them. Money is integer cents; times "HH:MM" in
 * Athens time. `npm run venue:schema` writes the JSON Schema that editors use to autocomplete.
 */
import { type Static, Type } from "typebox";
import {
  DeliveryDiscountSchema,
  ExtraLanguageSchema,
  HappyHourSchema,
  HoursSchema,
  SpotTypeSchema,
  TranslationsSchema,
} from "../../domain/api";
import { SLUG_PATTERN } from "../../domain/ids";
import { CentsSchema, GroupFieldsSchema, OptionFieldsSchema } from "../../domain/staff-catalogue-api";
import { AllergensFileSchema, DietaryFileSchema } from "./allergens-file";

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
// The same money rule as an admin's edit of an item.
const Cents = CentsSchema;
const Photo = Type.String({
  pattern: "^[a-z0-9][a-z0-9/_.-]*\\.(webp|jpg|jpeg|png|svg)$",
  description: "path of an image under public/images/, e.g. demo/espresso.webp",
});
const strict = { additionalProperties: false } as const;

export const OptionFileSchema = Type.Object({ id: Id, ...OptionFieldsSchema.properties }, strict);

export const GroupFileSchema = Type.Object(
  {
    id: Id,
    ...GroupFieldsSchema.properties,
    options: Type.Array(OptionFileSchema, { minItems: 1 }),
  },
  strict,
);

export const ItemFileSchema = Type.Object(
  {
    id: Id,
    names: TranslationsSchema,
    photo: Type.Optional(Photo),
    priceCents: Cents,
    membershipPriceCents: Type.Optional(Cents),
    memberPriceEnabled: Type.Optional(Type.Boolean()),
    membershipAdditionCents: Type.Optional(Cents),
    measurable: Type.Optional(Type.Boolean({ description: "counted in pieces; default true" })),
    perKg: Type.Optional(Type.Boolean()),
    priceable: Type.Optional(Type.Boolean({ description: "has a price; default true" })),
    request: Type.Optional(Type.Boolean({ description: "a free request, e.g. extra towels" })),
    rental: Type.Optional(
      Type.Object(
        {
          unit: Type.Union([Type.Literal("day"), Type.Literal("hour")], {
            description: "priceCents is the rate per started day or hour",
          }),
          maxUnits: Type.Integer({ minimum: 1, maximum: 1000, description: "the longest rental, in units" }),
        },
        {
          ...strict,
          description:
            "a rentable item (a SUP board, a bicycle): guests pick a pick-up and a return date and time within the service's hours",
        },
      ),
    ),
    stock: Type.Optional(
      Type.Object(
        {
          amount: Type.Integer({ minimum: 0 }),
          alignedToCartAddition: Type.Optional(Type.Boolean({ description: "default true" })),
        },
        strict,
      ),
    ),
    groups: Type.Optional(Type.Array(GroupFileSchema)),
    allergens: Type.Optional(AllergensFileSchema),
    dietary: Type.Optional(DietaryFileSchema),
  },
  strict,
);

export const CategoryFileSchema = Type.Object(
  {
    id: Id,
    names: TranslationsSchema,
    maxProductsPerCart: Type.Optional(Type.Integer({ minimum: 1 })),
    items: Type.Array(ItemFileSchema),
  },
  strict,
);

export const ServiceFileSchema = Type.Object(
  {
    id: Id,
    slug: Type.String({ pattern: SLUG_PATTERN, maxLength: 60 }),
    names: TranslationsSchema,
    type: Type.String({ minLength: 1, maxLength: 40 }),
    photo: Type.Optional(Photo),
    availableAt: Type.Array(SpotTypeSchema, { minItems: 1, description: "spot types that see this service" }),
    hours: Type.Optional(HoursSchema),
    scheduledOrders: Type.Optional(Type.Object({ enabled: Type.Boolean(), hours: HoursSchema }, strict)),
    membership: Type.Optional(
      Type.Object(
        {
          enabled: Type.Boolean(),
          infoShown: Type.Optional(Type.Boolean()),
          pricesVisible: Type.Optional(Type.Boolean()),
        },
        strict,
      ),
    ),
    delayedResponse: Type.Optional(Type.Boolean()),
    hidePhotosOfItems: Type.Optional(Type.Boolean()),
    maxItemsPerOrder: Type.Optional(Type.Integer({ minimum: 0, description: "0 or absent: no limit" })),
    roomServiceChargePercentage: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    happyHour: Type.Optional(HappyHourSchema),
    deliveryDiscount: Type.Optional(DeliveryDiscountSchema),
    minimumOrderCents: Type.Optional(Cents),
    categories: Type.Array(CategoryFileSchema),
  },
  strict,
);

const MinimumConsumptionFileSchema = Type.Object(
  {
    cents: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    chargeMissing: Type.Optional(
      Type.Boolean({ description: "charge what is missing as its own line when the table closes; default false" }),
    ),
  },
  { ...strict, description: "the least a table opening of this spot is to consume" },
);

export const SectionFileSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    tableFamily: Type.Optional(
      Type.String({ minLength: 1, maxLength: 80, description: "groups sections a waiter picks from together" }),
    ),
    minimumConsumption: Type.Optional(MinimumConsumptionFileSchema),
  },
  strict,
);

export const CardTerminalFileSchema = Type.Object(
  { id: Id, name: Type.String({ minLength: 1, maxLength: 80 }) },
  strict,
);

export const OutletFileSchema = Type.Object(
  {
    id: Id,
    names: Type.Object(
      {
        GRE: Type.Object({ name: Type.String({ minLength: 1 }) }, strict),
        ENG: Type.Object({ name: Type.String({ minLength: 1 }) }, strict),
      },
      strict,
    ),
    sections: Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
      minItems: 1,
      description: "names of the sections (tables) this outlet serves",
    }),
  },
  strict,
);

export const PrinterFileSchema = Type.Object(
  {
    host: Type.String({
      maxLength: 253,
      pattern: "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$",
      description: "the printer's IPv4 address or host name on the venue's network, e.g. 192.168.1.50",
    }),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65_535, description: "raw printing port; default 9100" })),
    codePage: Type.Union(
      [Type.Literal("cp737"), Type.Literal("cp1253"), Type.Literal("cp851"), Type.Literal("cp869")],
      { description: "the printer's Greek code page (its self-test page names it)" },
    ),
    codePageNumber: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 255,
        description:
          "the printer's own ESC t number of its code page, where it differs from Epson's (many clones: see its self-test page)",
      }),
    ),
    columns: Type.Optional(
      Type.Union([Type.Literal(32), Type.Literal(35), Type.Literal(42), Type.Literal(44), Type.Literal(48)], {
        description: "characters per line of the printer's font: 32 on 58 mm paper, 42 or 48 on 80 mm; default 42",
      }),
    ),
  },
  strict,
);

const IdList = (description: string) => Type.Optional(Type.Array(Id, { uniqueItems: true, description }));

export const StationFileSchema = Type.Object(
  {
    id: Id,
    names: Type.Object(
      {
        GRE: Type.Object({ name: Type.String({ minLength: 1, maxLength: 80 }) }, strict),
        ENG: Type.Object({ name: Type.String({ minLength: 1, maxLength: 80 }) }, strict),
      },
      strict,
    ),
    services: IdList("services whose every line this station makes"),
    categories: IdList("categories this station makes (over a service's station)"),
    items: IdList("single items this station makes (over a category's station)"),
    outlets: IdList("hotels: the outlets whose spots this station serves; default every spot"),
    display: Type.Optional(Type.Boolean({ description: "shown on a kitchen display of the app; default true" })),
    printer: Type.Optional(PrinterFileSchema),
  },
  { ...strict, description: "a place that prepares orders: a bar, a kitchen, a pool bar" },
);

export const SpotFileSchema = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 80 }),
    names: Type.Optional({
      ...TranslationsSchema,
      description: "the spot's name in each language guests read it in (GRE and ENG required); default: name",
    }),
    type: SpotTypeSchema,
    capacity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    section: Type.Optional(Type.String({ maxLength: 80 })),
    isPda: Type.Optional(Type.Boolean({ description: "the waiter's device at this spot" })),
    minimumConsumption: Type.Optional(MinimumConsumptionFileSchema),
  },
  strict,
);

export const StaffFileSchema = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 80 }),
    role: Type.Union([Type.Literal("WAITER"), Type.Literal("ADMIN")]),
    pin: Type.Optional(
      Type.String({
        pattern: "^[0-9]{4,8}$",
        description:
          "stored hashed; unique within the store. Leave it out to keep the PIN this member (same id, same store) has now; required for a new member",
      }),
    ),
    active: Type.Optional(
      Type.Boolean({ description: "false: deactivated, cannot sign in (kept for the records); default true" }),
    ),
    email: Type.Optional(
      Type.String({
        format: "email",
        maxLength: 254,
        description: "an admin's e-mail: signs in with a password set by e-mail reset; gets sign-in alerts",
      }),
    ),
  },
  strict,
);

export const VenueFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    store: Type.Object(
      {
        id: Id,
        names: TranslationsSchema,
        isHotel: Type.Optional(Type.Boolean()),
        readOnly: Type.Optional(Type.Boolean()),
        interactiveCatalogue: Type.Optional(Type.Boolean()),
        extraLanguages: Type.Optional(Type.Array(ExtraLanguageSchema)),
        addButtonWording: Type.Optional(Type.Union([Type.Literal("cart"), Type.Literal("order")])),
        contact: Type.Object(
          {
            email: Type.String({ format: "email" }),
            phone: Type.String({ minLength: 1 }),
            address: Type.String({ minLength: 1 }),
          },
          strict,
        ),
        orderAcceptanceMinutes: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: 1440,
            description: "minutes a new order waits for acceptance before it times out; default 10",
          }),
        ),
        maxOrdersPerSpotPerDay: Type.Optional(
          Type.Integer({
            minimum: 1,
            description:
              "orders one spot may send per Athens day (scheduled ones: per delivery date); default no limit",
          }),
        ),
        waitersMayTreatAndCancel: Type.Optional(
          Type.Boolean({
            description: "waiters may treat and cancel a table's lines (admins always may); default false",
          }),
        ),
        preparationShown: Type.Optional(
          Type.Boolean({
            description: "guests see their order being prepared, ready and on its way (needs stations); default false",
          }),
        ),
        cardPayments: Type.Optional(Type.Boolean({ description: "guests may pay by card; default true" })),
        chargeToRoom: Type.Optional(
          Type.Boolean({ description: "hotel stores only: guests may charge an order to a room; default false" }),
        ),
        location: Type.Optional(
          Type.Object(
            {
              latitude: Type.Number({ minimum: -90, maximum: 90 }),
              longitude: Type.Number({ minimum: -180, maximum: 180 }),
              radiusMeters: Type.Integer({ minimum: 1, maximum: 100_000 }),
            },
            { ...strict, description: "when set, guests must share a location within the radius to order" },
          ),
        ),
      },
      strict,
    ),
    sections: Type.Optional(
      Type.Array(SectionFileSchema, {
        description: "the store's sections in floor order; when given, every spot's section must be one of them",
      }),
    ),
    cardTerminals: Type.Optional(Type.Array(CardTerminalFileSchema)),
    outlets: Type.Optional(
      Type.Array(OutletFileSchema, { description: "hotels with several outlets: each outlet's sections" }),
    ),
    stations: Type.Optional(
      Type.Array(StationFileSchema, {
        description: "preparation stations; each accepted order becomes one ticket per station that makes its lines",
      }),
    ),
    services: Type.Array(ServiceFileSchema, { minItems: 1 }),
    spots: Type.Array(SpotFileSchema, { minItems: 1 }),
    staff: Type.Optional(Type.Array(StaffFileSchema)),
  },
  strict,
);

export type VenueFile = Static<typeof VenueFileSchema>;
export type ServiceFile = Static<typeof ServiceFileSchema>;
export type ItemFile = Static<typeof ItemFileSchema>;
export type CategoryFile = Static<typeof CategoryFileSchema>;
export type GroupFile = Static<typeof GroupFileSchema>;
export type OptionFile = Static<typeof OptionFileSchema>;
export type SpotFile = Static<typeof SpotFileSchema>;
export type StaffFile = Static<typeof StaffFileSchema>;
export type SectionFile = Static<typeof SectionFileSchema>;
export type StationFile = Static<typeof StationFileSchema>;
export type PrinterFile = Static<typeof PrinterFileSchema>;
