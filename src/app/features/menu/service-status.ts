/**
 * What the menu and the item modal say about a service at a given Athens time: open or closed,
 * whether the guest can order from their spot and why (spec §4 "Service open", "Ordering in the
 * modal is disabled when the service is closed, except ..."), and which prices are in effect
 * (happy hour, member prices). The rules themselves live in src/domain; this only combines them.
 */
import type { ServiceDto, StoreDto } from "../../../domain/api";
import { isOrderingEnabled, serviceOrderingState } from "../../../domain/ordering";
import { type PriceRules, priceRulesAt } from "../../../domain/prices";
import type { Hours, WallClockTime } from "../../../domain/service-hours";
import type { ServicePause } from "../../../domain/service-pause";
import { type SpotType, spotKind } from "../../../domain/spots";

/** Why the guest can or cannot order right now; each has its own sentence in the UI. */
export type OrderingNote =
  | "open"
  /** Closed, and this spot cannot order until it opens. */
  | "closed"
  /** Closed, but the scheduled-order window is open. */
  | "closed-scheduled"
  /** Closed, but a table may send to a delayed-response service (answered later). */
  | "closed-delayed"
  /** Closed, but delivery links always order. */
  | "closed-delivery"
  /** A view-only store: never orders. */
  | "read-only"
  /** Paused now by the venue: no orders from any spot until it resumes (`pause` says why and until when). */
  | "paused";

export interface ServiceStatus {
  open: boolean;
  orderingEnabled: boolean;
  note: OrderingNote;
  /** The service's hours (null: always open), for "opens at" / "until" texts. */
  hours: Hours | null;
  /** The pause that holds now, for its reason and end; null when not paused. */
  pause: ServicePause | null;
  happyHourActive: boolean;
  priceRules: PriceRules;
}

/**
 * Whether the guest is a member (all-inclusive in hotels). Membership is checked against the
 * guest's account (spec §7 GET user/membership), which arrives with sign-in; until then every
 * guest pays regular prices and sees member prices only as information.
 */
export const GUEST_MEMBERSHIP = { isMember: false } as const;

export type StatusService = Pick<
  ServiceDto,
  | "hours"
  | "scheduledOrdersEnabled"
  | "scheduledOrdersHours"
  | "delayedResponse"
  | "membershipEnabled"
  | "happyHour"
  | "pause"
>;

export function serviceStatusAt(
  service: StatusService,
  store: Pick<StoreDto, "readOnly">,
  spotType: SpotType,
  time: WallClockTime,
  guest: { isMember: boolean } = GUEST_MEMBERSHIP,
  nowMs?: number,
): ServiceStatus {
  const state = serviceOrderingState(service, time, store, nowMs);
  const orderingEnabled = isOrderingEnabled(spotType, state);
  const priceRules = priceRulesAt(service, guest, time);
  return {
    // A pause is "closed now", whatever the hours say.
    open: state.serviceOpen && state.paused !== true,
    orderingEnabled,
    note: noteOf(state, orderingEnabled, spotType),
    hours: service.hours,
    pause: state.paused === true ? (service.pause ?? null) : null,
    happyHourActive: priceRules.happyHourDiscountPercentage > 0,
    priceRules,
  };
}

function noteOf(
  state: ReturnType<typeof serviceOrderingState>,
  orderingEnabled: boolean,
  spotType: SpotType,
): OrderingNote {
  if (state.readOnlyStore) return "read-only";
  if (state.paused === true) return "paused";
  if (state.serviceOpen) return "open";
  if (!orderingEnabled) return "closed";
  if (spotKind(spotType) === "delivery") return "closed-delivery";
  return state.scheduledOrderingOpen ? "closed-scheduled" : "closed-delayed";
}
