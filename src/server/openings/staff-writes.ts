/**
 * Every money write a waiter makes runs exactly once per Idempotency-Key, through the same machinery as the guest's order placement (orders/idempotency.ts): the key
 * is claimed inside the write's own transaction and the answer stored in the same commit, so a
 * waiter whose Wi-Fi dropped after the commit gets that answer on the retry, and nothing is paid
 * twice. The key is bound to the call and its body: reused on another call or opening, 422.
 * The openings the write changed are announced on the store's live topic by an opening-events job
 * written in the same commit (so a crash after the commit loses no event), run by the job worker after it.
 */

import { enqueueOpeningEventsJob } from "../jobs/order-jobs";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { type ChangeContext, changeContext } from "./settle";

export async function runStaffWrite(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  call: { route: string; body: unknown },
  work: (c: ChangeContext) => Promise<{ status: number; body: unknown }>,
): Promise<StoredAnswer> {
  // Whether the committed work wrote an opening-events job; a replay or a refusal writes none.
  let wroteJob = false;
  const answer = await runOnce(
    ctx,
    { userId: staff.userId, key, hash: requestHash(call) },
    { claimFirst: false },
    (claim) =>
      ctx.db.transaction().execute(async (trx) => {
        const earlier = await claim.claim(trx);
        if (earlier !== null) return earlier;
        const c = changeContext(trx, staff, ctx.now());
        const result = await work(c);
        const body = JSON.stringify(result.body);
        await claim.finish(trx, { status: result.status, body, orderId: null });
        wroteJob = await enqueueOpeningEventsJob(trx, c.touched, c.now);
        return { status: result.status, body };
      }),
  );
  if (wroteJob) ctx.jobs.nudge();
  return answer;
}
