/**
 * The catalogue of a store as imported from its venue file (spec §3): the store, its services with
 * categories, items, subselection groups and options, and its spots. Ids are the venue file's ids.
 * Every row carries store_id, so an import can check ownership and replace a store's rows at once.
 * Money is integer cents; times of day are "HH:MM" text in Europe/Athens.
 */
import type { ColumnType, Insertable, Selectable } from "kysely";
import type { Allergen, DietaryTag } from "../../../domain/allergens";
import type { Translations } from "../../../domain/languages";
import type { RentalUnit } from "../../../domain/rentals";
import type { SpotType } from "../../../domain/spots";
import type { FloorPlan, MinimumConsumption } from "../../../domain/table-openings";
import type { BooleanColumn, IsoInstant, JsonText, OptionalBooleanColumn } from "../columns";

export interface StoresTable {
  id: number;
  names: JsonText<Translations>;
  is_hotel: BooleanColumn;
  read_only: BooleanColumn;
  interactive_catalogue: BooleanColumn;
  extra_languages: JsonText<string[]>;
  add_button_wording: "cart" | "order";
  contact: JsonText<{ email: string; phone: string; address: string }>;
  /** Bumped by every import; caches of the menu are keyed by it. */
  catalogue_version: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** Taking orders (migration 003): minutes a waiting order has before it times out. */
  order_acceptance_minutes: ColumnType<number, number | undefined, number>;
  /** Orders one spot may send per Athens day (per delivery date for scheduled ones); null: no limit. */
  max_orders_per_spot_per_day: number | null;
  card_payments_enabled: OptionalBooleanColumn;
  /** Hotel stores: a guest may charge the order to a room. */
  charge_to_room_enabled: OptionalBooleanColumn;
  /** When set, guests must share a location within the radius to order. */
  location_latitude: number | null;
  location_longitude: number | null;
  location_radius_meters: number | null;
  /** Table openings (migration 004): sections, card terminals, outlets (domain FloorPlan). */
  floor_plan: ColumnType<JsonText<FloorPlan>, JsonText<FloorPlan> | undefined, JsonText<FloorPlan>>;
  /** Kitchen (migration 013): guests see their order being prepared, ready, on its way. */
  preparation_shown: OptionalBooleanColumn;
}

export interface ServicesTable {
  id: number;
  store_id: number;
  slug: string;
  names: JsonText<Translations>;
  type: string;
  photo: string | null;
  available_at: JsonText<SpotType[]>;
  hours_start: string | null;
  hours_end: string | null;
  scheduled_orders_enabled: BooleanColumn;
  scheduled_orders_start: string | null;
  scheduled_orders_end: string | null;
  membership_enabled: BooleanColumn;
  membership_info_shown: BooleanColumn;
  membership_prices_visible: BooleanColumn;
  delayed_response: BooleanColumn;
  hide_photos_of_items: BooleanColumn;
  max_items_per_order: number;
  room_service_charge_percentage: number;
  happy_hour_discount_percentage: number | null;
  happy_hour_start: string | null;
  happy_hour_end: string | null;
  delivery_discount_percentage: number | null;
  delivery_discount_minimum_cents: number | null;
  minimum_order_cents: number;
  position: number;
  /** Bumped by every admin edit of the service's settings or its categories' order (migration 026); an import writes 1. */
  version: ColumnType<number, number | undefined, number>;
  /** Paused now by the venue (migration 023): since when (null: not paused), until when (null: until resumed), why. */
  paused_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  paused_until: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  pause_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SpotsTable {
  id: number;
  store_id: number;
  name: string;
  type: SpotType;
  capacity: number;
  section: string;
  is_pda: BooleanColumn;
  position: number;
  /** The spot's name in other languages (migration 005); null: `name` in every language. */
  names: ColumnType<
    JsonText<Translations> | null,
    JsonText<Translations> | null | undefined,
    JsonText<Translations> | null
  >;
  /** The spot's minimum consumption, its own or its section's (migration 004). */
  minimum_consumption: ColumnType<
    JsonText<MinimumConsumption> | null,
    JsonText<MinimumConsumption> | null | undefined,
    JsonText<MinimumConsumption> | null
  >;
  /** Bumped by every admin edit of the spot (migration 026); an import writes 1. */
  version: ColumnType<number, number | undefined, number>;
}

export interface CategoriesTable {
  id: number;
  store_id: number;
  service_id: number;
  names: JsonText<Translations>;
  max_products_per_cart: number | null;
  position: number;
  /** Bumped by every admin edit of the category or of its items' order (migration 026); an import writes 1. */
  version: ColumnType<number, number | undefined, number>;
}

export interface ItemsTable {
  id: number;
  store_id: number;
  service_id: number;
  category_id: number;
  names: JsonText<Translations>;
  photo: string | null;
  price_cents: number;
  membership_price_cents: number | null;
  member_price_enabled: BooleanColumn;
  membership_addition_cents: number | null;
  measurable: BooleanColumn;
  per_kg: BooleanColumn;
  priceable: BooleanColumn;
  request: BooleanColumn;
  stock_enabled: BooleanColumn;
  stock_aligned_to_cart_addition: BooleanColumn;
  stock_amount: number | null;
  position: number;
  /** Bumped by every admin edit of the item (migration 022); an import writes 1. */
  version: ColumnType<number, number | undefined, number>;
  /** Allergens (migration 016): the venue file's list; null when it states none. */
  allergens: ColumnType<
    JsonText<Allergen[]> | null,
    JsonText<Allergen[]> | null | undefined,
    JsonText<Allergen[]> | null
  >;
  dietary: ColumnType<
    JsonText<DietaryTag[]> | null,
    JsonText<DietaryTag[]> | null | undefined,
    JsonText<DietaryTag[]> | null
  >;
  /** A rentable item's unit (its price is per unit) and most started units; null otherwise (migration 015). */
  rental_unit: RentalUnit | null;
  rental_max_units: number | null;
}

export interface SubselectionGroupsTable {
  id: number;
  store_id: number;
  item_id: number;
  names: JsonText<Translations>;
  type: "RADIO_BUTTON" | "CHECKBOX";
  mandatory: BooleanColumn;
  maximum_selected: number | null;
  price_aggregated: BooleanColumn;
  position: number;
}

export interface SubselectionOptionsTable {
  id: number;
  store_id: number;
  group_id: number;
  names: JsonText<Translations>;
  price_cents: number;
  is_selected: BooleanColumn;
  position: number;
}

export type StoreRow = Selectable<StoresTable>;
export type NewStoreRow = Insertable<StoresTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type NewServiceRow = Insertable<ServicesTable>;
export type SpotRow = Selectable<SpotsTable>;
export type NewSpotRow = Insertable<SpotsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategoryRow = Insertable<CategoriesTable>;
export type ItemRow = Selectable<ItemsTable>;
export type NewItemRow = Insertable<ItemsTable>;
export type SubselectionGroupRow = Selectable<SubselectionGroupsTable>;
export type NewSubselectionGroupRow = Insertable<SubselectionGroupsTable>;
export type SubselectionOptionRow = Selectable<SubselectionOptionsTable>;
export type NewSubselectionOptionRow = Insertable<SubselectionOptionsTable>;
