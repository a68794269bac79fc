/**
 * The store as a venue file (venues/README.md), read from what is stored now: importing it gives
 * the same catalogue. Defaults are written out rather than left to the format, so the file says
 * what the store does. Staff go without `pin`: PINs are kept only hashed and never leave the
 * server, and an import keeps the PIN of a member (same id, same store) whose entry has none.
 */
import type { Kysely } from "kysely";
import type { FloorPlan, MinimumConsumption } from "../../domain/table-openings";
import { fromDbBoolean as bool, fromJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import type { StationPrinter } from "../db/tables/kitchen.tables";
import { notFound } from "../http/api-error";
import type {
  CategoryFile,
  GroupFile,
  ItemFile,
  PrinterFile,
  ServiceFile,
  SpotFile,
  StaffFile,
  StationFile,
  VenueFile,
} from "../venue/venue-file";

type Json<T> = T extends string ? never : T;

export async function exportVenueFile(db: Kysely<Database>, storeId: number): Promise<VenueFile> {
  // One snapshot: a change committing between two reads cannot make a file no import accepts.
  return db.transaction().execute(async (trx) => {
    const store = await trx.selectFrom("stores").selectAll().where("id", "=", storeId).executeTakeFirst();
    if (store === undefined) throw notFound("STORE_NOT_FOUND", `There is no store ${storeId}`);
    const [services, categories, items, groups, options, spots, stations, staff] = await Promise.all([
      trx.selectFrom("services").selectAll().where("store_id", "=", storeId).orderBy("position").execute(),
      trx.selectFrom("categories").selectAll().where("store_id", "=", storeId).orderBy("position").execute(),
      trx.selectFrom("items").selectAll().where("store_id", "=", storeId).orderBy("position").execute(),
      trx.selectFrom("subselection_groups").selectAll().where("store_id", "=", storeId).orderBy("position").execute(),
      trx.selectFrom("subselection_options").selectAll().where("store_id", "=", storeId).orderBy("position").execute(),
      trx.selectFrom("spots").selectAll().where("store_id", "=", storeId).orderBy("position").execute(),
      trx.selectFrom("stations").selectAll().where("store_id", "=", storeId).orderBy("position").execute(),
      trx.selectFrom("staff").selectAll().where("store_id", "=", storeId).orderBy("id").execute(),
    ]);
    const plan = fromJsonText<FloorPlan>(store.floor_plan);
    const sectionMinimum = new Map(plan.sections.map((section) => [section.name, section.minimumConsumption]));

    const optionsOf = groupBy(options, (o) => o.group_id);
    const groupsOf = groupBy(groups, (g) => g.item_id);
    const itemsOf = groupBy(items, (i) => i.category_id);
    const categoriesOf = groupBy(categories, (c) => c.service_id);

    const groupFile = (g: (typeof groups)[number]): GroupFile => ({
      id: g.id,
      names: fromJsonText(g.names),
      type: g.type,
      mandatory: bool(g.mandatory),
      ...(g.maximum_selected === null ? {} : { maximumSelected: g.maximum_selected }),
      priceAggregated: bool(g.price_aggregated),
      options: (optionsOf.get(g.id) ?? []).map((o) => ({
        id: o.id,
        names: fromJsonText(o.names),
        priceCents: o.price_cents,
        isSelected: bool(o.is_selected),
      })),
    });

    const itemFile = (i: (typeof items)[number]): ItemFile => ({
      id: i.id,
      names: fromJsonText(i.names),
      ...(i.photo === null ? {} : { photo: i.photo }),
      priceCents: i.price_cents,
      ...(i.membership_price_cents === null ? {} : { membershipPriceCents: i.membership_price_cents }),
      memberPriceEnabled: bool(i.member_price_enabled),
      ...(i.membership_addition_cents === null ? {} : { membershipAdditionCents: i.membership_addition_cents }),
      measurable: bool(i.measurable),
      perKg: bool(i.per_kg),
      priceable: bool(i.priceable),
      request: bool(i.request),
      ...(i.rental_unit === null || i.rental_max_units === null
        ? {}
        : { rental: { unit: i.rental_unit, maxUnits: i.rental_max_units } }),
      ...(bool(i.stock_enabled)
        ? {
            stock: {
              amount: i.stock_amount ?? 0,
              alignedToCartAddition: bool(i.stock_aligned_to_cart_addition),
            },
          }
        : {}),
      groups: (groupsOf.get(i.id) ?? []).map(groupFile),
      ...(i.allergens === null ? {} : { allergens: fromJsonText(i.allergens) }),
      ...(i.dietary === null ? {} : { dietary: fromJsonText(i.dietary) }),
    });

    const categoryFile = (c: (typeof categories)[number]): CategoryFile => ({
      id: c.id,
      names: fromJsonText(c.names),
      ...(c.max_products_per_cart === null ? {} : { maxProductsPerCart: c.max_products_per_cart }),
      items: (itemsOf.get(c.id) ?? []).map(itemFile),
    });

    const serviceFile = (s: (typeof services)[number]): ServiceFile => ({
      id: s.id,
      slug: s.slug,
      names: fromJsonText(s.names),
      type: s.type,
      ...(s.photo === null ? {} : { photo: s.photo }),
      availableAt: fromJsonText(s.available_at),
      ...(s.hours_start === null || s.hours_end === null
        ? {}
        : { hours: { startTime: s.hours_start, endTime: s.hours_end } }),
      ...(s.scheduled_orders_start === null || s.scheduled_orders_end === null
        ? {}
        : {
            scheduledOrders: {
              enabled: bool(s.scheduled_orders_enabled),
              hours: { startTime: s.scheduled_orders_start, endTime: s.scheduled_orders_end },
            },
          }),
      membership: {
        enabled: bool(s.membership_enabled),
        infoShown: bool(s.membership_info_shown),
        pricesVisible: bool(s.membership_prices_visible),
      },
      delayedResponse: bool(s.delayed_response),
      hidePhotosOfItems: bool(s.hide_photos_of_items),
      maxItemsPerOrder: s.max_items_per_order,
      roomServiceChargePercentage: s.room_service_charge_percentage,
      ...(s.happy_hour_discount_percentage === null || s.happy_hour_start === null || s.happy_hour_end === null
        ? {}
        : {
            happyHour: {
              discountPercentage: s.happy_hour_discount_percentage,
              startTime: s.happy_hour_start,
              endTime: s.happy_hour_end,
            },
          }),
      ...(s.delivery_discount_percentage === null || s.delivery_discount_minimum_cents === null
        ? {}
        : {
            deliveryDiscount: {
              discountPercentage: s.delivery_discount_percentage,
              minimumPriceForDeliveryDiscountCents: s.delivery_discount_minimum_cents,
            },
          }),
      minimumOrderCents: s.minimum_order_cents,
      categories: (categoriesOf.get(s.id) ?? []).map(categoryFile),
    });

    const spotFile = (s: (typeof spots)[number]): SpotFile => {
      const own = s.minimum_consumption === null ? null : fromJsonText<MinimumConsumption>(s.minimum_consumption);
      const inherited = sectionMinimum.get(s.section) ?? null;
      // A spot's stored minimum is its own or its section's; only its own is written on it.
      const minimum = own !== null && JSON.stringify(own) !== JSON.stringify(inherited) ? own : null;
      return {
        id: s.id,
        name: s.name,
        ...(s.names === null ? {} : { names: fromJsonText(s.names) }),
        type: s.type,
        capacity: s.capacity,
        ...(s.section === "" ? {} : { section: s.section }),
        isPda: bool(s.is_pda),
        ...(minimum === null ? {} : { minimumConsumption: minimum }),
      };
    };

    const stationFile = (station: (typeof stations)[number]): StationFile => {
      const routes = fromJsonText<{ services: number[]; categories: number[]; items: number[]; outlets: number[] }>(
        station.routes,
      );
      const printer = station.printer === null ? null : fromJsonText<StationPrinter>(station.printer);
      const listed = (ids: number[]) => (ids.length > 0 ? ids : undefined);
      return withoutUndefined({
        id: station.id,
        names: fromJsonText(station.names),
        services: listed(routes.services),
        categories: listed(routes.categories),
        items: listed(routes.items),
        outlets: listed(routes.outlets),
        display: bool(station.display),
        ...(printer === null
          ? {}
          : {
              printer: withoutUndefined({
                host: printer.host,
                port: printer.port,
                codePage: printer.codePage as PrinterFile["codePage"],
                codePageNumber: printer.codePageNumber ?? undefined,
                columns: printer.columns as PrinterFile["columns"],
              }),
            }),
      });
    };

    const staffFile = (m: (typeof staff)[number]): StaffFile => ({
      id: m.id,
      name: m.name,
      role: m.role,
      ...(bool(m.active) ? {} : { active: false }),
      ...(m.email === null ? {} : { email: m.email }),
    });

    const file: VenueFile = {
      store: {
        id: store.id,
        names: fromJsonText(store.names),
        isHotel: bool(store.is_hotel),
        readOnly: bool(store.read_only),
        interactiveCatalogue: bool(store.interactive_catalogue),
        extraLanguages: fromJsonText(store.extra_languages) as Json<VenueFile["store"]["extraLanguages"]>,
        addButtonWording: store.add_button_wording,
        contact: fromJsonText(store.contact),
        orderAcceptanceMinutes: store.order_acceptance_minutes,
        ...(store.max_orders_per_spot_per_day === null
          ? {}
          : { maxOrdersPerSpotPerDay: store.max_orders_per_spot_per_day }),
        waitersMayTreatAndCancel: plan.waitersMayTreatAndCancel,
        preparationShown: bool(store.preparation_shown),
        cardPayments: bool(store.card_payments_enabled),
        chargeToRoom: bool(store.charge_to_room_enabled),
        ...(store.location_latitude === null ||
        store.location_longitude === null ||
        store.location_radius_meters === null
          ? {}
          : {
              location: {
                latitude: store.location_latitude,
                longitude: store.location_longitude,
                radiusMeters: store.location_radius_meters,
              },
            }),
      },
      // A spot without a section means the file listed none (a listed one binds every spot); then
      // the sections come from the spots again, in the same order.
      ...(spots.some((spot) => spot.section === "")
        ? {}
        : {
            sections: plan.sections.map((section) =>
              withoutUndefined({
                name: section.name,
                tableFamily: section.tableFamily ?? undefined,
                minimumConsumption: section.minimumConsumption ?? undefined,
              }),
            ),
          }),
      cardTerminals: plan.cardTerminals.map(({ id, name }) => ({ id, name })),
      outlets: plan.outlets.map((outlet) => ({ id: outlet.id, names: outlet.names, sections: outlet.sections })),
      stations: stations.map(stationFile),
      services: services.map(serviceFile),
      spots: spots.map(spotFile),
      staff: staff.map(staffFile),
    };
    return file;
  });
}

function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [row]);
    else list.push(row);
  }
  return groups;
}

/** JSON leaves out undefined anyway; the file's schema is closed, so the object must too. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
