/**
 * How prices are shown on the menu screens and in the item modal: the rules in effect now (happy
 * hour, member prices; prices.ts) and whether member prices are shown beside the regular ones
 * (spec §3 membershipPricesVisible), worded "all-inclusive" in hotels (spec §1, §6).
 */
import type { ServiceDto, StoreDto } from "../../../domain/api";
import { type PriceRules, REGULAR_PRICES } from "../../../domain/prices";
import type { ServiceStatus } from "./service-status";

export interface MenuPricing {
  rules: PriceRules;
  /** Member (all-inclusive) prices are shown beside the regular ones. */
  memberPricesShown: boolean;
  storeIsHotel: boolean;
}

export function menuPricing(
  service: Pick<ServiceDto, "membershipEnabled" | "membershipPricesVisible">,
  store: Pick<StoreDto, "storeIsHotel">,
  status: Pick<ServiceStatus, "priceRules"> | null,
): MenuPricing {
  return {
    // Until the clock knows the time, regular prices: never a discount that may not apply.
    rules: status?.priceRules ?? REGULAR_PRICES,
    memberPricesShown: service.membershipEnabled && service.membershipPricesVisible,
    storeIsHotel: store.storeIsHotel,
  };
}
