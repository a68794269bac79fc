/**
 * Orders as staff read them (StaffOrderDto of src/domain/staff-history-api.ts): the order as the
 * guest sees it (order-presenter.ts) plus when it was decided and by whom (the staff member's
 * name today; null for timeouts, pending orders and decisions made before migration 007).
 */
import type { Kysely } from "kysely";
import type { StaffOrderDto } from "../../domain/staff-history-api";
import type { Database } from "../db/schema";
import { loadOrderDtos } from "./order-presenter";

/** The orders with these ids, in the order of the ids given (unknown ids are left out). */
export async function loadStaffOrderDtos(db: Kysely<Database>, orderIds: readonly number[]): Promise<StaffOrderDto[]> {
  if (orderIds.length === 0) return [];
  const [orders, decisions] = await Promise.all([
    loadOrderDtos(db, orderIds),
    db
      .selectFrom("orders")
      .leftJoin("staff", (join) =>
        join.onRef("staff.id", "=", "orders.decided_by_staff_id").onRef("staff.store_id", "=", "orders.store_id"),
      )
      .select(["orders.id", "orders.decided_at", "staff.name"])
      .where("orders.id", "in", [...orderIds])
      .execute(),
  ]);
  const decided = new Map(decisions.map((row) => [row.id, row]));
  return orders.map((order) => {
    const decision = decided.get(order.id);
    return { ...order, decidedAt: decision?.decided_at ?? null, decidedByName: decision?.name ?? null };
  });
}
