/**
 * The guest's bill calls (contract in domain/bill-api.ts), all with the session's tokens
 * (authedCall refreshes a spent jwt first and signs out only when a refresh is refused too).
 * A payment and a waiter call carry an Idempotency-Key that the caller keeps for the attempt, so a
 * repeat after no answer is the same request to the server, never a second charge or call.
 */
import type {
  Bill,
  BillPaymentAnswer,
  BillPaymentRequest,
  ReceiptEmailRequest,
  WaiterCall,
  WaiterCallRequest,
} from "../../../domain/bill-api";
import { IDEMPOTENCY_KEY_HEADER } from "../../../domain/order-constants";
import { authedCall } from "../../api/accounts-client";

export function fetchBill(tableId: number, signal?: AbortSignal): Promise<Bill> {
  return authedCall(`tables/${tableId}/bill`, { method: "get", ...(signal ? { signal } : {}) });
}

export function payBill(
  tableId: number,
  request: BillPaymentRequest,
  idempotencyKey: string,
): Promise<BillPaymentAnswer> {
  return authedCall(`tables/${tableId}/bill/payments`, {
    method: "post",
    json: request,
    // A card payment is slow (the provider authorizes first): more than the default 15 s.
    timeout: 30_000,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function callWaiter(tableId: number, request: WaiterCallRequest, idempotencyKey: string): Promise<WaiterCall> {
  return authedCall(`tables/${tableId}/bill/calls`, {
    method: "post",
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function emailReceipt(tableId: number, paymentId: number, request: ReceiptEmailRequest): Promise<void> {
  return authedCall(`tables/${tableId}/bill/payments/${paymentId}/email`, { method: "post", json: request });
}

/** A new Idempotency-Key: one per attempt, kept for its repeats. */
export function newAttemptKey(): string {
  return crypto.randomUUID();
}
