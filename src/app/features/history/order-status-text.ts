/**
 * How an order's status reads in the history (spec §4 progress messages: sent, waiting for
 * acceptance, accepted, rejected, timed out, under review, payment failed). "Sent" is the moment
 * before the server answers, so a stored order never has it; a held order waits in the outbox.
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OrderStatus } from "../../../domain/orders-api";

export const ORDER_STATUS_TEXT: Record<OrderStatus, MessageDescriptor> = {
  WAITING_FOR_ACCEPTANCE: msg`Waiting for acceptance`,
  UNDER_REVIEW: msg`Under review`,
  ACCEPTED: msg`Accepted`,
  REJECTED: msg`Rejected`,
  TIMED_OUT: msg`Timed out`,
  PAYMENT_FAILED: msg`Payment failed`,
};

/** The badge colour family of a status: still open, served, or not served. */
export function statusTone(status: OrderStatus): "pending" | "good" | "bad" {
  if (status === "ACCEPTED") return "good";
  if (status === "WAITING_FOR_ACCEPTANCE" || status === "UNDER_REVIEW") return "pending";
  return "bad";
}
