/**
 * Guests calling a waiter from their bill (src/domain/bill-api.ts): the store's unanswered calls,
 * read with the signed-in staff member's tokens (the store is the session's). "On my way" (POST
 * staff/calls/:callId/answer) goes through the staff-action outbox, which adds the Idempotency-Key
 * and keeps it until answered, like every staff write; its rows are told apart by their action.
 */
import type { WaiterCall, WaiterCalls } from "../../../../domain/bill-api";
import { authedCall } from "../../../api/accounts-client";

/** The outbox action of an answer (a row has no call id of its own: its path names the call). */
export const ANSWER_CALL_ACTION = "answer-call";

export function answerCallPath(callId: number): string {
  return `staff/calls/${callId}/answer`;
}

export async function fetchWaiterCalls(): Promise<WaiterCalls> {
  const answer = await authedCall<WaiterCalls | "">("staff/calls", { method: "get" });
  // An empty answer is no call rather than a broken screen.
  return answer === "" ? { calls: [] } : answer;
}

/** The unanswered calls, the oldest first (the server sends them so; kept so whatever it sends). */
export function unansweredOldestFirst(calls: readonly WaiterCall[]): WaiterCall[] {
  return calls.filter((call) => call.answeredAt === null).sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
}
