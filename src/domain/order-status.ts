/**
 * Which status changes an order allows (spec §4 order statuses, §8 "invalid status to change
 * order" and "cannot accept order, it has been declined or has expired"). Pure: the server asks
 * before its conditional UPDATE, and again when that UPDATE lost a race, to name the error.
 *
 *   from \ action            ACCEPT                               REJECT                     TIME_OUT
 *   WAITING_FOR_ACCEPTANCE   ACCEPTED                             REJECTED                   TIMED_OUT (past its deadline)
 *   UNDER_REVIEW             ACCEPTED                             REJECTED                   never (no acceptance time)
 *   ACCEPTED                 ORDER_NOT_PENDING_STATUS             ORDER_CANNOT_BE_REJECTED   -
 *   REJECTED                 INVALID_STATUS_FOR_ORDER_EXECUTION   ORDER_NOT_PENDING_STATUS   -
 *   TIMED_OUT                INVALID_STATUS_FOR_ORDER_EXECUTION   ORDER_CANNOT_BE_REJECTED   -
 *   PAYMENT_FAILED           INVALID_STATUS_FOR_ORDER             INVALID_STATUS_FOR_ORDER   -
 */
import type { SpecErrorCode } from "./error-codes";
import type { OrderStatus } from "./orders-api";

export type StaffAction = "ACCEPT" | "REJECT";

export type StatusChangeError = Extract<
  SpecErrorCode,
  | "INVALID_STATUS_FOR_ORDER"
  | "ORDER_NOT_PENDING_STATUS"
  | "ORDER_CANNOT_BE_REJECTED"
  | "INVALID_STATUS_FOR_ORDER_EXECUTION"
>;

export type StaffDecision = { allowed: true; to: OrderStatus } | { allowed: false; code: StatusChangeError };

const TARGET: Record<StaffAction, OrderStatus> = { ACCEPT: "ACCEPTED", REJECT: "REJECTED" };

/** Errors per current status; a status missing here allows the action. */
const REFUSALS: Record<StaffAction, Partial<Record<OrderStatus, StatusChangeError>>> = {
  ACCEPT: {
    ACCEPTED: "ORDER_NOT_PENDING_STATUS",
    REJECTED: "INVALID_STATUS_FOR_ORDER_EXECUTION",
    TIMED_OUT: "INVALID_STATUS_FOR_ORDER_EXECUTION",
    PAYMENT_FAILED: "INVALID_STATUS_FOR_ORDER",
  },
  REJECT: {
    ACCEPTED: "ORDER_CANNOT_BE_REJECTED",
    REJECTED: "ORDER_NOT_PENDING_STATUS",
    TIMED_OUT: "ORDER_CANNOT_BE_REJECTED",
    PAYMENT_FAILED: "INVALID_STATUS_FOR_ORDER",
  },
};

export function staffDecision(action: StaffAction, from: OrderStatus): StaffDecision {
  const refusal = REFUSALS[action][from];
  return refusal === undefined ? { allowed: true, to: TARGET[action] } : { allowed: false, code: refusal };
}

/**
 * Only an order waiting for acceptance runs out of time; an order under review (a delayed-response
 * service) has no acceptance time. Instants are ISO 8601 UTC text, so they compare as strings.
 */
export function hasTimedOut(
  order: { status: OrderStatus; acceptanceDeadline: string | null },
  nowIso: string,
): boolean {
  return (
    order.status === "WAITING_FOR_ACCEPTANCE" && order.acceptanceDeadline !== null && order.acceptanceDeadline <= nowIso
  );
}

/** The English message beside each code (the app shows its own text from the error catalogue). */
export const STATUS_CHANGE_MESSAGES: Record<StatusChangeError, string> = {
  INVALID_STATUS_FOR_ORDER: "invalid status to change order: the payment failed, nothing was ordered",
  ORDER_NOT_PENDING_STATUS: "invalid status to change order: it is no longer pending",
  ORDER_CANNOT_BE_REJECTED: "cannot reject order, it has been accepted or has expired",
  INVALID_STATUS_FOR_ORDER_EXECUTION: "cannot accept order, it has been declined or has expired",
};
