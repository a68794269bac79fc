/**
 * What the checkout screen offers for a spot and service (CheckoutOptions): tables to pick on a
 * staff device, rooms to charge in hotels that allow it, the payment types, and which details the
 * order will need. The same settings placement enforces (prepare-placement.ts).
 */
import type { Kysely } from "kysely";
import type { CheckoutOptions, PaymentType } from "../../domain/orders-api";
import { spotKind } from "../../domain/spots";
import { tableFamilySections } from "../../domain/table-openings";
import { serviceAvailableAt } from "../catalogue/presenters";
import { fromDbBoolean as bool } from "../db/columns";
import { findSpotById } from "../db/repositories/spot.repository";
import { findStoreById } from "../db/repositories/store.repository";
import type { Database } from "../db/schema";
import { floorPlanOf } from "../openings/floor-plan";
import { listOpenOpenings } from "../openings/opening-presenter";
import { missing } from "./placement-errors";

export interface CheckoutStaff {
  storeId: number;
  staffId: number;
}

export async function checkoutOptions(
  db: Kysely<Database>,
  serviceId: number,
  tableId: number,
  /** The caller's staff session, if any: a PDA spot of that store adds its floor. */
  staff: CheckoutStaff | null = null,
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
  // Staff of the store place orders that are settled at the table later: no online card (prepare-placement.ts).
  const byStaff = staff?.storeId === store.id;
  if (bool(store.card_payments_enabled) && !byStaff) paymentTypes.push("CARD");
  if (chargeToRoom) paymentTypes.push("CHARGE_TO_ROOM");
  const options: CheckoutOptions = {
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
  if (!bool(spot.is_pda) || staff === null || !byStaff) return options;
  return { ...options, ...(await terminalFloor(db, store.id, store.floor_plan, staff.staffId)) };
}

/** What a waiter's terminal holds to take orders for any table (spec §3 Checkout). */
async function terminalFloor(
  db: Kysely<Database>,
  storeId: number,
  floorPlanText: string,
  signedInStaffId: number,
): Promise<Partial<CheckoutOptions>> {
  const plan = floorPlanOf(floorPlanText);
  const [openings, staff, sectioned] = await Promise.all([
    listOpenOpenings(db, storeId, "tables"),
    db.selectFrom("staff").select(["id", "name", "role"]).where("store_id", "=", storeId).orderBy("id").execute(),
    db
      .selectFrom("spots")
      .select(["id", "name", "section", "type", "is_pda", "capacity"])
      .where("store_id", "=", storeId)
      .orderBy("position")
      .execute(),
  ]);
  const tables = sectioned.filter((s) => spotKind(s.type) === "table" && !bool(s.is_pda));
  return {
    tablesWithOpenings: openings.openings.map((o) => ({
      spotId: o.spot.id,
      openingId: o.id,
      remainingCents: o.amounts.remainingCents,
    })),
    waiters: staff.map((member) => (member.id === signedInStaffId ? { ...member, signedIn: true } : member)),
    cardTerminals: plan.cardTerminals,
    restaurantsWithTheirTables: plan.outlets.map((outlet) => ({
      id: outlet.id,
      names: outlet.names,
      tables: tables.filter((t) => outlet.sections.includes(t.section)).map((t) => ({ id: t.id, name: t.name })),
    })),
    tableFamilySections: tableFamilySections(plan),
    sectionsWithTheirTables: sectionsOf(tables),
  };
}

/** The tables of each section with their seats, sections in the order their tables come (the file's spot order). */
function sectionsOf(tables: ReadonlyArray<{ id: number; name: string; section: string; capacity: number }>) {
  const sections: Array<{ section: string; tables: Array<{ id: number; name: string; capacity: number }> }> = [];
  for (const table of tables) {
    const choice = { id: table.id, name: table.name, capacity: table.capacity };
    const existing = sections.find((s) => s.section === table.section);
    if (existing) existing.tables.push(choice);
    else sections.push({ section: table.section, tables: [choice] });
  }
  return sections;
}
