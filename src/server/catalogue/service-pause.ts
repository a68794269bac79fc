/**
 * A waiter or admin pauses a service now ("kitchen closed for 30 minutes") or resumes it. Like
 * every catalogue write: once per Idempotency-Key, in one transaction with the store's
 * catalogue_version bump, so the menu cache, the placement's kept catalogue and the service worker
 * (all keyed by that version) follow; this process's menu cache drops the store's menus before
 * the answer goes out. The pause ends by itself: readers compare its end with their own now.
 */
import { pauseEnd } from "../../domain/service-pause";
import type { ServicePauseRequest, ServicePauseState } from "../../domain/service-pause-api";
import { bumpCatalogueVersion } from "../db/repositories/orders.repository";
import { notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";

/** `request` null: resume (no pause any more). */
export async function setServicePause(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  serviceId: number,
  request: ServicePauseRequest | null,
  now: Date = ctx.now(),
): Promise<StoredAnswer> {
  const call = { route: `services/${serviceId}/pause`, body: request };
  let changed = false;
  const answer = await runOnce(
    ctx,
    { userId: staff.userId, key, hash: requestHash(call) },
    { claimFirst: false },
    (claim) =>
      ctx.db.transaction().execute(async (trx) => {
        const earlier = await claim.claim(trx);
        if (earlier !== null) return earlier;
        const service = await trx
          .selectFrom("services")
          .select("id")
          .where("id", "=", serviceId)
          .where("store_id", "=", staff.storeId)
          .executeTakeFirst();
        if (service === undefined) throw notFound("NOT_FOUND", `There is no service ${serviceId} in this store`);
        const state: ServicePauseState =
          request === null
            ? { serviceId, pause: null }
            : {
                serviceId,
                pause: {
                  since: now.toISOString(),
                  until: pauseEnd(now, request.minutes),
                  reason: request.reason.trim(),
                },
              };
        await trx
          .updateTable("services")
          .set({
            paused_at: state.pause?.since ?? null,
            paused_until: state.pause?.until ?? null,
            pause_reason: state.pause?.reason ?? null,
          })
          .where("id", "=", serviceId)
          .execute();
        await bumpCatalogueVersion(trx, staff.storeId);
        const body = JSON.stringify(state);
        await claim.finish(trx, { status: 200, body, orderId: null });
        changed = true;
        return { status: 200, body };
      }),
  );
  if (changed) ctx.menuCache.invalidateStore(staff.storeId);
  return answer;
}
