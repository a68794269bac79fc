/**
 * Database rows → the API shapes of src/domain/api.ts. The one place where column names meet
 * field names, booleans are read back from either dialect and stored JSON is parsed.
 */

import type { Allergen, DietaryTag } from "../../domain/allergens";
import type {
  CategoryDto,
  ItemDto,
  OptionDto,
  ServiceDto,
  SpotDto,
  StoreDto,
  SubselectionGroupDto,
} from "../../domain/api";
import type { ExtraLanguage, Translations } from "../../domain/languages";
import type { SpotType } from "../../domain/spots";
import { fromDbBoolean as bool, fromJsonText, type JsonText } from "../db/columns";
import type {
  CategoryRow,
  ItemRow,
  ServiceRow,
  SpotRow,
  StoreRow,
  SubselectionGroupRow,
  SubselectionOptionRow,
} from "../db/tables/catalogue.tables";
import { IMAGES_URL_PREFIX } from "../paths";

export function photoUrl(photo: string | null): string | null {
  return photo === null ? null : `${IMAGES_URL_PREFIX}${photo}`;
}

/** `numberOfServices` counts the services the guest's spot can see, which is what the app needs. */
export function storeDto(row: StoreRow, numberOfServices: number): StoreDto {
  return {
    storeId: row.id,
    names: fromJsonText<Translations>(row.names),
    storeIsHotel: bool(row.is_hotel),
    readOnly: bool(row.read_only),
    interactiveCatalogue: bool(row.interactive_catalogue),
    extraLanguages: fromJsonText<ExtraLanguage[]>(row.extra_languages),
    addButtonWording: row.add_button_wording,
    numberOfServices,
    contact: fromJsonText(row.contact),
  };
}

/**
 * A spot's name in each language: the venue file's `names`, else its one `name` in every language.
 * The one rule for every answer that names a spot (spots, orders, table openings).
 */
export function spotNamesOf(spot: { name: string; names: JsonText<Translations> | null }): Translations {
  return spot.names === null
    ? { GRE: { name: spot.name }, ENG: { name: spot.name } }
    : fromJsonText<Translations>(spot.names);
}

export function spotDto(row: SpotRow): SpotDto {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    names: spotNamesOf(row),
    type: row.type,
    capacity: row.capacity,
    section: row.section,
    isPda: bool(row.is_pda),
  };
}

export function serviceAvailableAt(row: ServiceRow): SpotType[] {
  return fromJsonText<SpotType[]>(row.available_at);
}

function window(start: string | null, end: string | null) {
  return start === null || end === null ? null : { startTime: start, endTime: end };
}

export function serviceDto(row: ServiceRow): ServiceDto {
  const happyHourWindow = window(row.happy_hour_start, row.happy_hour_end);
  return {
    serviceId: row.id,
    slug: row.slug,
    names: fromJsonText<Translations>(row.names),
    type: row.type,
    photo: photoUrl(row.photo),
    hours: window(row.hours_start, row.hours_end),
    scheduledOrdersEnabled: bool(row.scheduled_orders_enabled),
    scheduledOrdersHours: window(row.scheduled_orders_start, row.scheduled_orders_end),
    membershipEnabled: bool(row.membership_enabled),
    membershipInfoShown: bool(row.membership_info_shown),
    membershipPricesVisible: bool(row.membership_prices_visible),
    delayedResponse: bool(row.delayed_response),
    hidePhotosOfItems: bool(row.hide_photos_of_items),
    maxItemsPerOrder: row.max_items_per_order,
    roomServiceChargePercentage: row.room_service_charge_percentage,
    happyHour:
      happyHourWindow === null || row.happy_hour_discount_percentage === null
        ? null
        : { discountPercentage: row.happy_hour_discount_percentage, ...happyHourWindow },
    deliveryDiscount:
      row.delivery_discount_percentage === null || row.delivery_discount_minimum_cents === null
        ? null
        : {
            discountPercentage: row.delivery_discount_percentage,
            minimumPriceForDeliveryDiscountCents: row.delivery_discount_minimum_cents,
          },
    minimumOrderCents: row.minimum_order_cents,
    // As stored, whatever the time: the reader compares `until` with its own now (service-pause.ts),
    // so a menu kept by its catalogue version stays right when the pause ends by itself.
    ...(row.paused_at == null
      ? {}
      : { pause: { since: row.paused_at, until: row.paused_until ?? null, reason: row.pause_reason ?? "" } }),
  };
}

export function categoryDto(row: CategoryRow): CategoryDto {
  return { id: row.id, names: fromJsonText<Translations>(row.names), maxProductsPerCart: row.max_products_per_cart };
}

export function optionDto(row: SubselectionOptionRow): OptionDto {
  return {
    id: row.id,
    names: fromJsonText<Translations>(row.names),
    priceCents: row.price_cents,
    isSelected: bool(row.is_selected),
  };
}

export function groupDto(row: SubselectionGroupRow, options: OptionDto[]): SubselectionGroupDto {
  return {
    id: row.id,
    names: fromJsonText<Translations>(row.names),
    type: row.type,
    mandatory: bool(row.mandatory),
    maximumSelected: row.maximum_selected,
    priceAggregated: bool(row.price_aggregated),
    options,
  };
}

export function itemDto(row: ItemRow, category: CategoryDto, subselections: SubselectionGroupDto[]): ItemDto {
  return {
    id: row.id,
    categoryId: row.category_id,
    names: fromJsonText<Translations>(row.names),
    photo: photoUrl(row.photo),
    priceCents: row.price_cents,
    membershipPriceCents: row.membership_price_cents,
    memberPriceEnabled: bool(row.member_price_enabled),
    membershipAdditionCents: row.membership_addition_cents,
    measurable: bool(row.measurable),
    perKg: bool(row.per_kg),
    priceable: bool(row.priceable),
    request: bool(row.request),
    ...(row.rental_unit === null ? {} : { rental: { unit: row.rental_unit, maxUnits: row.rental_max_units ?? 1 } }),
    productCategoryName: category.names.ENG.name,
    maxProductsPerCartForThisCategory: category.maxProductsPerCart,
    stockEnabled: bool(row.stock_enabled),
    stockAlignedToCartAddition: bool(row.stock_aligned_to_cart_addition),
    stockAmount: row.stock_amount,
    subselections,
    ...allergensOf(row),
  };
}

/** Present only when the venue file stated them, so a menu without them keeps its bytes. */
function allergensOf(row: ItemRow): Pick<ItemDto, "allergens" | "dietary"> {
  return {
    ...(row.allergens === null ? {} : { allergens: fromJsonText<Allergen[]>(row.allergens) }),
    ...(row.dietary === null ? {} : { dietary: fromJsonText<DietaryTag[]>(row.dietary) }),
  };
}
