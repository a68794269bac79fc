/**
 * What happens to an order's card payment when the store decides (called by the status changes):
 * accepted → capture; rejected or timed out → void. Orders paid in cash or to a room, declined
 * cards and payments already settled are left as they are, so calling twice is harmless.
 */
import { findPaymentOfOrder, settlePayment } from "../db/repositories/payments.repository";
import type { OrdersContext } from "../orders/context";

type SettleContext = Pick<OrdersContext, "db" | "now" | "payments">;

export async function capturePayment(ctx: SettleContext, orderId: number): Promise<void> {
  await settle(ctx, orderId, "CAPTURED");
}

export async function voidPayment(ctx: SettleContext, orderId: number): Promise<void> {
  await settle(ctx, orderId, "VOIDED");
}

async function settle(ctx: SettleContext, orderId: number, state: "CAPTURED" | "VOIDED"): Promise<void> {
  const payment = await findPaymentOfOrder(ctx.db, orderId);
  if (payment === undefined || payment.state !== "AUTHORIZED" || payment.provider_reference === null) return;
  // The provider first: if it fails, the row stays AUTHORIZED and the call can be repeated.
  if (state === "CAPTURED") await ctx.payments.capture(payment.provider_reference);
  else await ctx.payments.void(payment.provider_reference);
  await settlePayment(ctx.db, payment.id, state, ctx.now().toISOString());
}
