/**
 * What the checkout of this spot offers (GET /api/checkout). Until it answers, or when it cannot
 * (offline on the beach), the checkout works with what the venue data already says: cash, the
 * delivery form on delivery links, scheduling when the service has it, a table to pick on a PDA spot. An order sent that way is
 * queued in the outbox and the server still checks everything when it goes out.
 *
 * What the server answers depends on who asks (a waiter of the store on its PDA spot gets the
 * floor for the table picker), so the options are read again when the session changes: a sign-in
 * by PIN, a sign-out, a refreshed token. That floor is kept on the PDA (kept-checkout-options.ts)
 * and offered until the server answers, so a waiter offline can still pick a table and queue the
 * order: without it the picker would be empty and nothing could be sent.
 */
import { useEffect, useState } from "react";
import type { CheckoutOptions } from "../../../domain/orders-api";
import { spotKind } from "../../../domain/spots";
import { fetchCheckoutOptions } from "../../api/orders";
import { useSession } from "../../session/use-session";
import type { ServiceMenuData } from "../../venue/load-venue";
import {
  keepsCheckoutOptions,
  rememberCheckoutOptions,
  rememberedCheckoutOptions,
} from "../staff/openings/kept-checkout-options";

export function fallbackCheckoutOptions({
  table,
  service,
}: Pick<ServiceMenuData, "table" | "service">): CheckoutOptions {
  return {
    availableTables: [],
    // As the server rules: a PDA spot's order is for a table picked from the floor. Until the
    // floor arrives there is nothing to pick, so a send says "choose the table" instead of going
    // out to be refused (a waiter's tap before the list loaded on a slow PDA).
    tableSelectionRequired: table.spot.isPda,
    availableChargingRooms: [],
    paymentTypes: ["CASH"],
    deliveryDetailsRequired: spotKind(table.spot.type) === "delivery",
    locationRequired: false,
    scheduledOrdersEnabled: service.scheduledOrdersEnabled,
    acceptanceMinutes: 0,
  };
}

export interface CheckoutOptionsState {
  options: CheckoutOptions;
  /** false while the fallback, or the options kept on the PDA, are in use. */
  loaded: boolean;
  /** When the options in use were read, if they are the ones kept on the PDA (offline). */
  keptFrom: string | null;
}

export function useCheckoutOptions(venue: Pick<ServiceMenuData, "table" | "service">): CheckoutOptionsState {
  const serviceId = venue.service.serviceId;
  const tableId = venue.table.spot.id;
  const session = useSession();
  // undefined while the session is still being read: the first read waits for it.
  const asker = session === undefined ? undefined : session === null ? "visitor" : `${session.user.id}:${session.jwt}`;
  const keeps = session !== undefined && keepsCheckoutOptions(session?.user ?? null, venue.table);
  const [state, setState] = useState<CheckoutOptionsState>(() => ({
    options: fallbackCheckoutOptions(venue),
    loaded: false,
    keptFrom: null,
  }));

  useEffect(() => {
    if (asker === undefined) return;
    const controller = new AbortController();
    let loaded = false;
    // A waiter's PDA: the floor as last read, until (or unless) the server answers.
    const kept = keeps ? rememberedCheckoutOptions(tableId, serviceId) : null;
    if (kept !== null) {
      setState((current) => (current.loaded ? current : { options: kept.data, loaded: false, keptFrom: kept.at }));
    }
    const load = () => {
      if (loaded) return;
      fetchCheckoutOptions(serviceId, tableId, controller.signal)
        .then((options) => {
          loaded = true;
          setState({ options, loaded: true, keptFrom: null });
          if (keeps) rememberCheckoutOptions(tableId, serviceId, options, new Date());
        })
        // Keep the fallback (or the kept floor); the next `online` tries again.
        .catch(() => undefined);
    };
    load();
    window.addEventListener("online", load);
    return () => {
      controller.abort();
      window.removeEventListener("online", load);
    };
  }, [serviceId, tableId, asker, keeps]);

  return state;
}
