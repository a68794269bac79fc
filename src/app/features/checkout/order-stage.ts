/**
 * Where the guest's order is, as the progress and outcome screens show it (spec §4 "Progress
 * messages: sent, waiting for acceptance, accepted, rejected, timed out, under review, payment
 * failed", §8 "check connection"), from the outbox row, the placement answer and the live status.
 */
import type { Preparation } from "../../../domain/kitchen";
import type { OrderStatus, OrderStatusEvent } from "../../../domain/orders-api";
import type { PendingOrderRow, PlacedStatus } from "../../db/app-db";

export type OrderStage =
  /** In the outbox, first attempt on its way. */
  | { kind: "sending" }
  /** Offline, or the last attempt got no answer: it goes out when the connection is back. */
  | { kind: "offline" }
  /** The server answered "not now" (5xx, busy): the outbox keeps trying. */
  | { kind: "retrying" }
  /** Waiting for the guest to sign in (the entrance dialog's "Complete order"). */
  | { kind: "held" }
  /** Gave up after 24 hours without an answer. */
  | { kind: "expired" }
  | { kind: "sent"; dailyNumber: number | null }
  | { kind: "waiting"; dailyNumber: number }
  | { kind: "under-review"; dailyNumber: number }
  /** Where the store shows it: being prepared, ready or on its way; else null. */
  | { kind: "accepted"; dailyNumber: number; preparation: Preparation | null }
  | { kind: "rejected"; dailyNumber: number; reason: string | null }
  | { kind: "timed-out"; dailyNumber: number }
  /** No reason: the provider's words are in its language, not the guest's (the order keeps them for the staff). */
  | { kind: "payment-failed"; dailyNumber: number };

/** The stages that end the order: the guest reads them and moves on. */
export const FINAL_STAGES = ["accepted", "rejected", "timed-out", "payment-failed", "expired"] as const;

const STAGE_OF_STATUS: Record<OrderStatus, OrderStage["kind"]> = {
  WAITING_FOR_ACCEPTANCE: "waiting",
  UNDER_REVIEW: "under-review",
  ACCEPTED: "accepted",
  REJECTED: "rejected",
  TIMED_OUT: "timed-out",
  PAYMENT_FAILED: "payment-failed",
};

export interface StageInput {
  row: PendingOrderRow;
  /** The latest live status of the order (useOrderStatus), null before the first one. */
  event: Pick<OrderStatusEvent, "orderId" | "status" | "dailyNumber" | "errorMessage" | "preparation"> | null;
  online: boolean;
}

/** Where one sent order is: from its outbox row (with the placement's answer) and its live status. */
export function orderStageOf({ row, event, online }: StageInput): OrderStage {
  if (row.ended?.status === "EXPIRED") return { kind: "expired" };
  if (row.ended) {
    // An accepted order's preparation moves on after its end was recorded: the live word is newer.
    const live = event?.orderId === row.orderId && event.status === row.ended.status ? event : null;
    return stageOfStatus(live ?? row.ended);
  }
  if (row.orderId === null) {
    if (row.onHold) return { kind: "held" };
    if (row.attempts === 0) return { kind: "sending" };
    // No answer at all reads as a connection problem even when the phone says it is online
    // (beach Wi-Fi without internet behind it).
    if (!online || row.lastError === "NETWORK_ERROR") return { kind: "offline" };
    return { kind: "retrying" };
  }
  const latest = latestStatusOf({ row, event });
  return latest ? stageOfStatus(latest) : { kind: "sent", dailyNumber: null };
}

/** The newest status the app has of the row's order: the live one, else the placement's answer. */
export function latestStatusOf({ row, event }: Pick<StageInput, "row" | "event">): PlacedStatus | null {
  if (row.orderId === null) return null;
  if (event?.orderId === row.orderId) return event;
  return row.placedAs ?? null;
}

function stageOfStatus(latest: PlacedStatus): OrderStage {
  const dailyNumber = latest.dailyNumber;
  const kind = STAGE_OF_STATUS[latest.status];
  switch (kind) {
    case "rejected":
      return { kind, dailyNumber, reason: latest.errorMessage };
    case "accepted":
      return { kind, dailyNumber, preparation: latest.preparation ?? null };
    case "payment-failed":
    case "waiting":
    case "under-review":
    case "timed-out":
      return { kind, dailyNumber };
    default:
      return { kind: "sent", dailyNumber };
  }
}
