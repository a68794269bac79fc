/**
 * Order rows and sessions for the STOMP tests. Orders are inserted directly (a status stream needs
 * only an order's id, guest and store); placing them through POST /api/orders is S1's helper
 * (test-support/orders.ts) and not needed to prove who may listen. No vitest import: the fan-out
 * bench uses these too.
 */
import type { Kysely } from "kysely";
import type { SessionResponse } from "../../domain/auth-api";
import type { OrderStatus, OrderStatusEvent } from "../../domain/orders-api";
import type { App } from "../app";
import type { Database } from "../db/schema";

let dailyNumber = 0;

export async function insertTestOrder(
  db: Kysely<Database>,
  { userId, storeId }: { userId: number; storeId: number },
): Promise<{ orderId: number; storeId: number; dailyNumber: number }> {
  const service = await db
    .selectFrom("services")
    .select("id")
    .where("store_id", "=", storeId)
    .executeTakeFirstOrThrow();
  const spot = await db.selectFrom("spots").select("id").where("store_id", "=", storeId).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  dailyNumber += 1;
  const row = await db
    .insertInto("orders")
    .values({
      store_id: storeId,
      service_id: service.id,
      spot_id: spot.id,
      selected_table_id: null,
      charging_room_id: null,
      user_id: userId,
      status: "WAITING_FOR_ACCEPTANCE",
      athens_day: now.slice(0, 10),
      daily_number: dailyNumber,
      scheduled_for: null,
      comment: "",
      language: "ENG",
      payment_type: "CASH",
      delivery_info: null,
      subtotal_cents: 350,
      happy_hour_savings_cents: 0,
      room_charge_cents: 0,
      delivery_discount_cents: 0,
      total_cents: 350,
      error_message: null,
      acceptance_deadline: null,
      decided_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { orderId: row.id, storeId, dailyNumber };
}

export function statusEvent(
  order: { orderId: number; storeId: number; dailyNumber: number },
  status: OrderStatus,
  errorMessage: string | null = null,
): OrderStatusEvent {
  return {
    orderId: order.orderId,
    storeId: order.storeId,
    status,
    onHold: false,
    dailyNumber: order.dailyNumber,
    errorMessage,
    updatedAt: new Date().toISOString(),
  };
}

/** A demo staff member's PIN sign-in (venues/README.md: 2580 at store 7, 1324 at store 132). */
export async function signInStaff(
  app: App,
  storeId: number,
  pin: string,
): Promise<{ userId: number; authToken: string; jwt: string }> {
  const response = await app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`,
  });
  if (response.statusCode !== 200) throw new Error(`PIN sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<SessionResponse>();
  return { userId: body.authToken.user.id, authToken: body.authToken.token, jwt: body.jwt };
}
