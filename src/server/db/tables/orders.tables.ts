/**
 * Orders (migration 003): the order as the server priced it, its lines, placement's idempotency
 * records, the per-store daily numbers, card payments, the sandbox provider's cards, and reviews.
 * Money is integer cents; instants are ISO 8601 UTC text; athens_day is "YYYY-MM-DD" in Athens.
 */

import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Preparation } from "../../../domain/kitchen";
import type { Translations } from "../../../domain/languages";
import type { DeliveryInfo, OrderLineOptionDto, OrderStatus, PaymentType } from "../../../domain/orders-api";
import type { RentalUnit } from "../../../domain/rentals";
import type { IsoInstant, JsonText, OptionalBooleanColumn } from "../columns";

export interface OrdersTable {
  id: Generated<number>;
  store_id: number;
  service_id: number;
  /** The spot whose link the guest ordered from. */
  spot_id: number;
  /** The table a staff device (PDA) or a guest picked from availableTables. */
  selected_table_id: number | null;
  charging_room_id: number | null;
  user_id: number;
  /** The staff member (venue file staff id) who placed it from a PDA: accepted at once. Null: a guest's. */
  placed_by_staff_id: number | null;
  status: OrderStatus;
  athens_day: string;
  daily_number: number;
  scheduled_for: IsoInstant | null;
  comment: string;
  /** GRE or ENG: the language of the outcome message. */
  language: string;
  payment_type: PaymentType;
  delivery_info: JsonText<DeliveryInfo> | null;
  subtotal_cents: number;
  happy_hour_savings_cents: number;
  room_charge_cents: number;
  delivery_discount_cents: number;
  total_cents: number;
  error_message: string | null;
  /** When a waiting order times out; null for orders that do not wait (under review, final). */
  acceptance_deadline: IsoInstant | null;
  decided_at: IsoInstant | null;
  /** The venue file's staff id of who accepted or rejected it (migration 007); null if unknown. */
  decided_by_staff_id: Generated<number | null>;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** An accepted order's preparation from its tickets (migration 013); null: nothing to tell. */
  preparation: Generated<Preparation | null>;
  /** Where the guest asked the outcome to be e-mailed too (migration 018); null: not asked. */
  notify_email: Generated<string | null>;
  /** Whether member (all-inclusive) prices applied to any line (migration 017). */
  member_prices: OptionalBooleanColumn;
  /** The waiter a PDA order is served by, a venue file staff id (migration 017); null for a guest's. */
  served_by_staff_id: Generated<number | null>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  item_id: number;
  /** The item's names when ordered. */
  names: JsonText<Translations>;
  quantity: number;
  /** Per-kg lines: weight in grams; null otherwise. */
  grams: number | null;
  comment: string;
  options: JsonText<OrderLineOptionDto[]>;
  unit_price_cents: number;
  options_unit_price_cents: number;
  total_cents: number;
  /** A rental line's dates and the started units it was priced for; null on other lines (migration 015). */
  rental_pick_up_at: IsoInstant | null;
  rental_return_at: IsoInstant | null;
  rental_units: number | null;
  rental_unit: RentalUnit | null;
  /** A no-charge request (towels, a pillow): priced 0, shown as a request (migration 017). */
  request: OptionalBooleanColumn;
}

export interface OrderDailyCountersTable {
  store_id: number;
  athens_day: string;
  last_number: number;
}

/** Placement's idempotency records (design.md "Orders: exactly once on patchy Wi-Fi"). */
export interface OrderRequestsTable {
  user_id: number;
  idempotency_key: string;
  /** SHA-256 of the canonical request body. */
  request_hash: string;
  state: "IN_FLIGHT" | "DONE";
  response_status: number | null;
  response_body: JsonText<unknown> | null;
  order_id: number | null;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  /** The process holding an IN_FLIGHT claim (orders/claim-owners.ts); null on claims before migration 012. */
  claimed_by: string | null;
}

/** What the built-in sandbox provider keeps of a tokenized test card (never the number). */
export interface SandboxCardsTable {
  token: string;
  brand: string;
  last_four: string;
  outcome: "APPROVE" | "DECLINE";
  created_at: IsoInstant;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_reference: string | null;
  card_token: string;
  brand: string;
  last_four: string;
  amount_cents: number;
  state: "AUTHORIZED" | "DECLINED" | "CAPTURED" | "VOIDED";
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface ReviewsTable {
  id: Generated<number>;
  order_id: number;
  store_id: number;
  user_id: number;
  rating: number;
  comment: string;
  created_at: IsoInstant;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type NewOrderLineRow = Insertable<OrderLinesTable>;
export type OrderRequestRow = Selectable<OrderRequestsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
