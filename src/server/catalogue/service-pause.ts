/**
 * A waiter or admin pauses a service now ("kitchen closed for 30 minutes") or resumes it. How the
 * change runs (once per key, audited, the catalogue version bumped, guests told):
 * catalogue-write.ts. The pause ends by itself: readers compare its end with their own now.
 */
import { pauseEnd } from "../../domain/service-pause";
import type { ServicePauseRequest, ServicePauseState } from "../../domain/service-pause-api";
import { notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { runCatalogueWrite } from "./catalogue-write";

/** `request` null: resume (no pause any more). */
export function setServicePause(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  serviceId: number,
  request: ServicePauseRequest | null,
  now: Date = ctx.now(),
): Promise<StoredAnswer> {
  const call = { route: `services/${serviceId}/pause`, body: request };
  return runCatalogueWrite(ctx, staff, key, call, async (trx) => {
    const service = await trx
      .selectFrom("services")
      .select(["id", "names", "paused_at", "paused_until", "pause_reason"])
      .where("id", "=", serviceId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (service === undefined) throw notFound("NOT_FOUND", `There is no service ${serviceId} in this store`);
    const state: ServicePauseState =
      request === null
        ? { serviceId, pause: null }
        : {
            serviceId,
            pause: { since: now.toISOString(), until: pauseEnd(now, request.minutes), reason: request.reason.trim() },
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
    const before =
      service.paused_at === null
        ? null
        : { since: service.paused_at, until: service.paused_until, reason: service.pause_reason };
    return {
      answer: state,
      audit: {
        action: request === null ? "service.resume" : "service.pause",
        subject: { kind: "service", id: serviceId, label: itemLabel(service.names) },
        before: { pause: before },
        after: { pause: state.pause },
      },
    };
  });
}
