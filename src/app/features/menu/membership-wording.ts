/**
 * Membership wording (spec §1 "membership (all-inclusive wording in hotel stores)", §6 "Hotel
 * stores say 'all-inclusive'"): one place decides which word a store uses.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The label of a member price: "All-inclusive: €0.00" in hotels, "Member price: €3.00" elsewhere. */
export function memberPriceText(storeIsHotel: boolean, price: string, free: boolean): MessageDescriptor {
  if (storeIsHotel) return free ? msg`Included in all-inclusive` : msg`All-inclusive: ${price}`;
  return free ? msg`Free for members` : msg`Member price: ${price}`;
}

/** The membership note of a service that shows it (spec §3 membershipInfoShown). */
export function membershipInfoText(storeIsHotel: boolean): MessageDescriptor {
  return storeIsHotel
    ? msg`All-inclusive guests: the all-inclusive price is shown under each item.`
    : msg`Members: the member price is shown under each item.`;
}
