/**
 * How the back office reads a failed save: no definite answer (the network, a 5xx) keeps the form
 * as typed with a retry under the same key; 409 names a change made meanwhile; a refusal with a
 * path goes beside its field; anything else is shown above the form.
 */
import { decideAfterError } from "../../../domain/order-outbox";
import { type ApiError, toApiError } from "../../api/api-error";

export type SaveFailure =
  | { kind: "unanswered"; error: ApiError }
  | { kind: "changed"; error: ApiError }
  | { kind: "refused"; error: ApiError };

export async function readSaveFailure(thrown: unknown, changedCode: string): Promise<SaveFailure> {
  const error = await toApiError(thrown);
  if (error.status === null || decideAfterError(error.status, error.code).action === "retry") {
    return { kind: "unanswered", error };
  }
  if (error.status === 409 && error.code === changedCode) return { kind: "changed", error };
  return { kind: "refused", error };
}
