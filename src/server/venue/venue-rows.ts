/**
 * The rows a venue file becomes, with the defaults of the file format applied in one place
 * (an absent optional boolean is false, except measurable and priceable, which default to true).
 */
import type { FloorPlan, MinimumConsumption } from "../../domain/table-openings";
import { toDbBoolean, toJsonText } from "../db/columns";
import type { CatalogueRows } from "../db/repositories/catalogue-import.repository";
import type { StationPrinter } from "../db/tables/kitchen.tables";
import type { VenueFile } from "./venue-file";
import type { VenueIndex } from "./venue-index";

const bool = (value: boolean | undefined, fallback = false) => toDbBoolean(value ?? fallback);

function minimumOf(minimum: { cents: number; chargeMissing?: boolean } | undefined): string | null {
  return minimum === undefined
    ? null
    : toJsonText<MinimumConsumption>({ cents: minimum.cents, chargeMissing: minimum.chargeMissing ?? false });
}

/** The store's floor plan: sections in floor order (those only named by spots follow), terminals, outlets. */
function floorPlanOf(file: VenueFile): FloorPlan {
  const listed = file.sections ?? [];
  const named = new Set(listed.map((section) => section.name));
  const onlyOnSpots = [...new Set(file.spots.map((spot) => spot.section ?? ""))].filter(
    (name) => name !== "" && !named.has(name),
  );
  return {
    sections: [
      ...listed.map((section) => ({
        name: section.name,
        tableFamily: section.tableFamily ?? null,
        minimumConsumption: section.minimumConsumption
          ? {
              cents: section.minimumConsumption.cents,
              chargeMissing: section.minimumConsumption.chargeMissing ?? false,
            }
          : null,
      })),
      ...onlyOnSpots.map((name) => ({ name, tableFamily: null, minimumConsumption: null })),
    ],
    cardTerminals: (file.cardTerminals ?? []).map(({ id, name }) => ({ id, name })),
    outlets: (file.outlets ?? []).map((outlet) => ({
      id: outlet.id,
      names: { GRE: { name: outlet.names.GRE.name }, ENG: { name: outlet.names.ENG.name } },
      sections: outlet.sections,
    })),
    waitersMayTreatAndCancel: file.store.waitersMayTreatAndCancel ?? false,
  };
}

/** `pinHashes` maps staff ids to their hashed PINs (hashing is slow, so it happens before). */
export function catalogueRows(
  file: VenueFile,
  index: VenueIndex,
  pinHashes: ReadonlyMap<number, string>,
): CatalogueRows {
  const { store } = file;
  const storeId = store.id;
  const sectionsByName = new Map((file.sections ?? []).map((section) => [section.name, section]));
  return {
    store: {
      id: storeId,
      names: toJsonText(store.names),
      is_hotel: bool(store.isHotel),
      read_only: bool(store.readOnly),
      interactive_catalogue: bool(store.interactiveCatalogue),
      extra_languages: toJsonText(store.extraLanguages ?? []),
      add_button_wording: store.addButtonWording ?? "cart",
      contact: toJsonText(store.contact),
      order_acceptance_minutes: store.orderAcceptanceMinutes ?? 10,
      max_orders_per_spot_per_day: store.maxOrdersPerSpotPerDay ?? null,
      card_payments_enabled: bool(store.cardPayments, true),
      charge_to_room_enabled: bool(store.chargeToRoom),
      location_latitude: store.location?.latitude ?? null,
      location_longitude: store.location?.longitude ?? null,
      location_radius_meters: store.location?.radiusMeters ?? null,
      floor_plan: toJsonText(floorPlanOf(file)),
      preparation_shown: bool(store.preparationShown),
    },
    services: index.services.map(({ value: s, position }) => ({
      id: s.id,
      store_id: storeId,
      slug: s.slug,
      names: toJsonText(s.names),
      type: s.type,
      photo: s.photo ?? null,
      available_at: toJsonText(s.availableAt),
      hours_start: s.hours?.startTime ?? null,
      hours_end: s.hours?.endTime ?? null,
      scheduled_orders_enabled: bool(s.scheduledOrders?.enabled),
      scheduled_orders_start: s.scheduledOrders?.hours.startTime ?? null,
      scheduled_orders_end: s.scheduledOrders?.hours.endTime ?? null,
      membership_enabled: bool(s.membership?.enabled),
      membership_info_shown: bool(s.membership?.infoShown),
      membership_prices_visible: bool(s.membership?.pricesVisible),
      delayed_response: bool(s.delayedResponse),
      hide_photos_of_items: bool(s.hidePhotosOfItems),
      max_items_per_order: s.maxItemsPerOrder ?? 0,
      room_service_charge_percentage: s.roomServiceChargePercentage ?? 0,
      happy_hour_discount_percentage: s.happyHour?.discountPercentage ?? null,
      happy_hour_start: s.happyHour?.startTime ?? null,
      happy_hour_end: s.happyHour?.endTime ?? null,
      delivery_discount_percentage: s.deliveryDiscount?.discountPercentage ?? null,
      delivery_discount_minimum_cents: s.deliveryDiscount?.minimumPriceForDeliveryDiscountCents ?? null,
      minimum_order_cents: s.minimumOrderCents ?? 0,
      position,
    })),
    categories: index.categories.map(({ value: c, position, service }) => ({
      id: c.id,
      store_id: storeId,
      service_id: service.id,
      names: toJsonText(c.names),
      max_products_per_cart: c.maxProductsPerCart ?? null,
      position,
    })),
    items: index.items.map(({ value: i, position, service, category }) => ({
      id: i.id,
      store_id: storeId,
      service_id: service.id,
      category_id: category.id,
      names: toJsonText(i.names),
      photo: i.photo ?? null,
      price_cents: i.priceCents,
      membership_price_cents: i.membershipPriceCents ?? null,
      // A member price given without the flag is meant to apply.
      member_price_enabled: bool(i.memberPriceEnabled, i.membershipPriceCents !== undefined),
      membership_addition_cents: i.membershipAdditionCents ?? null,
      measurable: bool(i.measurable, true),
      per_kg: bool(i.perKg),
      priceable: bool(i.priceable, true),
      request: bool(i.request),
      stock_enabled: bool(i.stock !== undefined),
      stock_aligned_to_cart_addition: bool(i.stock === undefined ? false : (i.stock.alignedToCartAddition ?? true)),
      stock_amount: i.stock?.amount ?? null,
      position,
      allergens: i.allergens === undefined ? null : toJsonText(i.allergens),
      dietary: i.dietary === undefined ? null : toJsonText(i.dietary),
      rental_unit: i.rental?.unit ?? null,
      rental_max_units: i.rental?.maxUnits ?? null,
    })),
    groups: index.groups.map(({ value: g, position, item }) => ({
      id: g.id,
      store_id: storeId,
      item_id: item.id,
      names: toJsonText(g.names),
      type: g.type,
      mandatory: bool(g.mandatory),
      maximum_selected: g.maximumSelected ?? null,
      price_aggregated: bool(g.priceAggregated),
      position,
    })),
    options: index.options.map(({ value: o, position, group }) => ({
      id: o.id,
      store_id: storeId,
      group_id: group.id,
      names: toJsonText(o.names),
      price_cents: o.priceCents ?? 0,
      is_selected: bool(o.isSelected),
      position,
    })),
    spots: index.spots.map(({ value: s, position }) => ({
      id: s.id,
      store_id: storeId,
      name: s.name,
      names: s.names === undefined ? null : toJsonText(s.names),
      type: s.type,
      capacity: s.capacity ?? 0,
      section: s.section ?? "",
      is_pda: bool(s.isPda),
      position,
      minimum_consumption: minimumOf(s.minimumConsumption ?? sectionsByName.get(s.section ?? "")?.minimumConsumption),
    })),
    stations: index.stations.map(({ value: station, position }) => ({
      id: station.id,
      store_id: storeId,
      names: toJsonText(station.names),
      routes: toJsonText({
        services: station.services ?? [],
        categories: station.categories ?? [],
        items: station.items ?? [],
        outlets: station.outlets ?? [],
      }),
      display: bool(station.display, true),
      printer:
        station.printer === undefined
          ? null
          : toJsonText<StationPrinter>({
              host: station.printer.host,
              port: station.printer.port ?? 9100,
              codePage: station.printer.codePage,
              codePageNumber: station.printer.codePageNumber ?? null,
              columns: station.printer.columns ?? 42,
            }),
      position,
    })),
    staff: index.staff.map(({ value: m }) => {
      const pinHash = pinHashes.get(m.id);
      if (pinHash === undefined) throw new Error(`no PIN hash for staff member ${m.id}`);
      const email = m.email === undefined ? null : m.email.trim().toLowerCase();
      return {
        id: m.id,
        store_id: storeId,
        name: m.name,
        role: m.role,
        pin_hash: pinHash,
        email,
        active: bool(m.active, true),
      };
    }),
  };
}
