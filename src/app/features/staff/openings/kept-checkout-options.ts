/**
 * The checkout options of a terminal's PDA spot (GET /api/checkout for a waiter of the store: the
 * floor of the table picker), kept on the device like the other staff reads (last-reads.ts). A
 * waiter who lost Wi-Fi on the beach, or whose PDA restarted offline, can still pick the table and
 * queue the order; the server checks everything again when the order goes out.
 *
 * Only a waiter or admin of the spot's store on its PDA spot keeps them, and only they are shown
 * them: the floor is the store's, never a guest's.
 */
import type { CheckoutOptions } from "../../../../domain/orders-api";
import type { SessionUser } from "../../../session/session-types";
import { type LastRead, lastRead, rememberRead } from "./last-reads";

/** The part of the venue data this needs (ServiceMenuData's table). */
export interface CheckoutSpot {
  store: { storeId: number };
  spot: { id: number; isPda: boolean };
}

/** Whether this user on this spot gets (and keeps) the store's floor. */
export function keepsCheckoutOptions(user: Pick<SessionUser, "role" | "storeId"> | null, table: CheckoutSpot): boolean {
  return (
    user !== null &&
    (user.role === "WAITER" || user.role === "ADMIN") &&
    user.storeId === table.store.storeId &&
    table.spot.isPda
  );
}

function keyOf(spotId: number, serviceId: number): string {
  return `checkout:v1:${spotId}:${serviceId}`;
}

export function rememberCheckoutOptions(spotId: number, serviceId: number, options: CheckoutOptions, at: Date): void {
  rememberRead(keyOf(spotId, serviceId), options, at, { lasting: true });
}

export function rememberedCheckoutOptions(spotId: number, serviceId: number): LastRead<CheckoutOptions> | null {
  const kept = lastRead<CheckoutOptions>(keyOf(spotId, serviceId));
  // A kept answer of another shape (storage edited, a future version) is not offered.
  return kept !== null && Array.isArray(kept.data?.availableTables) ? kept : null;
}
