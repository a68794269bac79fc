/**
 * The staff's read of the store's catalogue (src/domain/staff-catalogue-api.ts), with the signed-in
 * staff member's tokens. The writes (stock, a service's pause) go through the staff-action outbox
 * (features/staff/openings/action-outbox.ts), which adds the Idempotency-Key and keeps them until
 * they are answered.
 */
import type { StaffCatalogue } from "../../domain/staff-catalogue-api";
import { authedCall } from "./accounts-client";

export function fetchStaffCatalogue(storeId: number): Promise<StaffCatalogue> {
  return authedCall(`staff/stores/${storeId}/catalogue`, { method: "get" });
}
