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
import { insertOrderRow, nextTestDailyNumber } from "../test-support/order-rows";

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
  const dailyNumber = nextTestDailyNumber();
  const orderId = await insertOrderRow(db, {
    user_id: userId,
    store_id: storeId,
    service_id: service.id,
    spot_id: spot.id,
    daily_number: dailyNumber,
  });
  return { orderId, storeId, dailyNumber };
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
