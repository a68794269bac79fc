/**
 * What the checkout screen offers for a spot and service (CheckoutOptions): tables to pick on a
 * staff device, rooms to charge in hotels that allow it, the payment types, and which details the
 * order will need. The same settings placement enforces (prepare-placement.ts).
 */
import type { Kysely } from "kysely";
import type { CheckoutOptions, PaymentType } from "../../domain/orders-api";
import { spotKind } from "../../domain/spots";
import { serviceAvailableAt } from "../catalogue/presenters";
import { fromDbBoolean as bool } from "../db/columns";
import { findSpotById } from "../db/repositories/spot.repository";
import { findStoreById } from "../db/repositories/store.repository";
import type { Database } from "../db/schema";
import { missing } from "./placement-errors";

export async function checkoutOptions(
  db: Kysely<Database>,
  serviceId: number,
  tableId: number,
): Promise<CheckoutOptions> {
  const spot = await findSpotById(db, tableId);
  if (spot === undefined) throw missing("TABLE_NOT_FOUND", `There is no table ${tableId}`);
  const service = await db.selectFrom("services").selectAll().where("id", "=", serviceId).executeTakeFirst();
  if (service === undefined || service.store_id !== spot.store_id || !serviceAvailableAt(service).includes(spot.type)) {
    throw missing("SERVICE_NOT_FOUND", `Table ${tableId} cannot order from service ${serviceId}`);
  }
  const store = await findStoreById(db, spot.store_id);
  if (store === undefined) throw new Error(`spot ${spot.id} refers to missing store ${spot.store_id}`);
  const spots = await db
    .selectFrom("spots")
    .select(["id", "name", "type", "is_pda"])
    .where("store_id", "=", store.id)
    .orderBy("position")
    .execute();
  const chargeToRoom = bool(store.is_hotel) && bool(store.charge_to_room_enabled);
  const paymentTypes: PaymentType[] = ["CASH"];
  if (bool(store.card_payments_enabled)) paymentTypes.push("CARD");
  if (chargeToRoom) paymentTypes.push("CHARGE_TO_ROOM");
  return {
    availableTables: spots
      .filter((s) => spotKind(s.type) === "table" && !bool(s.is_pda))
      .map((s) => ({ id: s.id, name: s.name })),
    tableSelectionRequired: bool(spot.is_pda),
    availableChargingRooms: chargeToRoom
      ? spots.filter((s) => s.type === "HOTEL_ROOM").map((s) => ({ id: s.id, name: s.name }))
      : [],
    paymentTypes,
    deliveryDetailsRequired: spotKind(spot.type) === "delivery",
    locationRequired: store.location_latitude !== null && store.location_radius_meters !== null,
    scheduledOrdersEnabled: bool(service.scheduled_orders_enabled),
    acceptanceMinutes: store.order_acceptance_minutes,
  };
}
