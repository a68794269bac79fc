/**
 * Who may see and pay a spot's bill: a guest who placed an order at that spot during this visit
 * (BILL_VISIT_HOURS), or charged one to it (a hotel room's guest ordering at the pool sees the
 * room's bill), or the staff of its store. A spot's id is a small number printed on its QR
 * code, so knowing it proves nothing: a stranger who types another table's number sees nothing of
 * it. A spot of another store and a spot where the guest never ordered answer alike (403).
 */
import type { Kysely } from "kysely";
import { BILL_VISIT_HOURS } from "../../domain/bill";
import { spotOpensTables } from "../../domain/table-openings";
import type { Database } from "../db/schema";
import type { SpotRow } from "../db/tables/catalogue.tables";
import { ApiError, notFound } from "../http/api-error";
import type { OrderViewer } from "../orders/order-access";

export function visitStart(now: Date): string {
  return new Date(now.getTime() - BILL_VISIT_HOURS * 3_600_000).toISOString();
}

/** The spot's row when the viewer may read its bill; 404 for no such spot (or one without a bill), 403 otherwise. */
export async function billSpotFor(
  db: Kysely<Database>,
  viewer: OrderViewer,
  tableId: number,
  now: Date,
): Promise<SpotRow> {
  const spot = await db.selectFrom("spots").selectAll().where("id", "=", tableId).executeTakeFirst();
  if (spot === undefined || !spotOpensTables(spot.type)) {
    throw notFound("TABLE_NOT_FOUND", `There is no table ${tableId} with a bill`);
  }
  if (!(await mayReadBill(db, viewer, spot, now))) {
    throw new ApiError(403, "NOT_AT_THIS_TABLE", "Only the guests who ordered at this spot can see its bill");
  }
  return spot;
}

export async function mayReadBill(
  db: Kysely<Database>,
  viewer: OrderViewer,
  spot: Pick<SpotRow, "id" | "store_id">,
  now: Date,
): Promise<boolean> {
  if (viewer.staffStoreId !== null) return viewer.staffStoreId === spot.store_id;
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", viewer.userId)
    .where((eb) =>
      eb.or([eb("spot_id", "=", spot.id), eb("selected_table_id", "=", spot.id), eb("charging_room_id", "=", spot.id)]),
    )
    .where("created_at", ">=", visitStart(now))
    .limit(1)
    .executeTakeFirst();
  return order !== undefined;
}
