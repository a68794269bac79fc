/**
 * The table-opening reads of the staff (src/domain/table-openings-api.ts), with the signed-in
 * staff member's tokens. The writes go through the staff-action outbox (features/staff/openings/
 * action-outbox.ts), which adds the Idempotency-Key and keeps them until they are answered.
 */

import type { OpeningsListKind } from "../../domain/table-openings";
import type { DaySummary, OpeningDetail, OpenOpenings, ReceiptDto } from "../../domain/table-openings-api";
import { authedCall } from "./accounts-client";

export function fetchOpenOpenings(kind: OpeningsListKind): Promise<OpenOpenings> {
  return authedCall(`staff/openings?kind=${kind}`, { method: "get" });
}

export function fetchOpening(openingId: number): Promise<OpeningDetail> {
  return authedCall(`staff/openings/${openingId}`, { method: "get" });
}

export function fetchReceipt(receiptId: number): Promise<ReceiptDto> {
  return authedCall(`staff/receipts/${receiptId}`, { method: "get" });
}

export function fetchDaySummary(day: string | null): Promise<DaySummary> {
  return authedCall(day === null ? "staff/day-summary" : `staff/day-summary?day=${day}`, { method: "get" });
}

/** One money write with its key; throws ApiError (NETWORK_ERROR when no answer came). */
export function postStaffAction<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  return authedCall(path, { method: "post", json: body, headers: { "idempotency-key": idempotencyKey } });
}
