/**
 * The payment reconciliation pass (it settles any payment left AUTHORIZED past its
 * order's outcome). The settle-payment job normally does this; the pass is the net under it: a job
 * that went DEAD, a provider that was down for a day, a database restored from a backup. Any card
 * payment still AUTHORIZED whose order was decided more than `graceMs` ago is captured (ACCEPTED) or
 * voided (REJECTED, TIMED_OUT). Idempotent like the job: settle acts only on an AUTHORIZED payment.
 */
import type { OrdersContext } from "../orders/context";
import { capturePayment, voidPayment } from "../payments/settle";

export interface ReconcileResult {
  captured: number[];
  voided: number[];
  failed: number[];
}

export async function reconcilePayments(
  ctx: Pick<OrdersContext, "db" | "now" | "payments">,
  graceMs: number,
): Promise<ReconcileResult> {
  const decidedBefore = new Date(ctx.now().getTime() - graceMs).toISOString();
  const leftOver = await ctx.db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .select(["orders.id as orderId", "orders.status"])
    .where("payments.state", "=", "AUTHORIZED")
    .where("orders.status", "in", ["ACCEPTED", "REJECTED", "TIMED_OUT"])
    .where("orders.decided_at", "<=", decidedBefore)
    .orderBy("orders.id")
    .limit(500)
    .execute();
  const result: ReconcileResult = { captured: [], voided: [], failed: [] };
  for (const { orderId, status } of leftOver) {
    try {
      if (status === "ACCEPTED") {
        await capturePayment(ctx, orderId);
        result.captured.push(orderId);
      } else {
        await voidPayment(ctx, orderId);
        result.voided.push(orderId);
      }
    } catch {
      // The provider is still failing: the next pass tries again.
      result.failed.push(orderId);
    }
  }
  return result;
}
