/**
 * The table-opening reads of the staff (src/domain/table-openings-api.ts), with the signed-in
 * staff member's tokens. The writes go through the staff-action outbox (features/staff/openings/
 * action-outbox.ts), which adds the Idempotency-Key and keeps them until they are answered.
 */

import type { OpeningsListKind } from "../../domain/table-openings";
import type { DaySummary, OpeningDetail, OpenOpenings, ReceiptDto } from "../../domain/table-openings-api";
import { currentSession } from "../session/session";
import { authedCall } from "./accounts-client";
import { ApiError } from "./api-error";

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

/** The code of a write held back because the signed-in waiter is not the one it is sent as. */
export const NOT_SIGNED_IN_AS_MAKER = "NOT_SIGNED_IN_AS_MAKER";

/**
 * One staff write (POST unless `method` says otherwise) with its key, as the waiter `asUserId`; throws ApiError (NETWORK_ERROR when no
 * answer came). Every request it makes, the retry after a token refresh included, is checked to
 * carry that waiter's own session: a waiter who locked the PDA while it was on its way must not
 * have it retried with the next waiter's tokens (it is held back, status null, to be sent later).
 */
export function postStaffAction<T>(
  path: string,
  body: unknown,
  idempotencyKey: string,
  asUserId: number,
  method: "post" | "put" | "delete" = "post",
): Promise<T> {
  return authedCall(path, {
    method,
    ...(method === "delete" ? {} : { json: body }),
    headers: { "idempotency-key": idempotencyKey },
    hooks: {
      beforeRequest: [
        async (request) => {
          const session = await currentSession();
          const ours = session?.user.id === asUserId && request.headers.get("authToken") === session.authToken;
          if (!ours) throw new ApiError(NOT_SIGNED_IN_AS_MAKER, "Another waiter is signed in on this device", null);
        },
      ],
    },
  });
}
