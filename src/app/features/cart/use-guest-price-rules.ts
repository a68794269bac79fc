/**
 * The price rules of this guest's cart: the menu's rules now (happy hour; menu-pricing.ts) with
 * member prices when the signed-in guest is a member of the store (spec §6, §9 "Member price
 * applies when the service has membership, the item has a member price different from price, and
 * the user is a member"; GET user/membership). Visitors and signed-out guests are not members; nor
 * is anyone while the answer is on its way or could not come (the server prices the order itself
 * either way). The cart bar and the cart screen use this one hook, so they show the same total.
 */
import { useEffect, useState } from "react";
import type { ServiceDto, StoreDto } from "../../../domain/api";
import type { PriceRules } from "../../../domain/prices";
import { fetchMembership } from "../../api/accounts";
import { useSession } from "../../session/use-session";
import { menuPricing } from "../menu/menu-pricing";
import type { ServiceStatus } from "../menu/service-status";

export function useGuestPriceRules(
  service: Pick<ServiceDto, "membershipEnabled" | "membershipPricesVisible">,
  store: Pick<StoreDto, "storeId" | "storeIsHotel">,
  status: Pick<ServiceStatus, "priceRules"> | null,
): PriceRules {
  const isMember = useMembership(store.storeId, service.membershipEnabled);
  const listed = menuPricing(service, store, status).rules;
  return { ...listed, memberPrices: service.membershipEnabled && isMember };
}

function useMembership(storeId: number, membershipEnabled: boolean): boolean {
  const session = useSession();
  const userId = session?.user.id ?? null;
  const [member, setMember] = useState<{ userId: number; storeId: number; isMember: boolean } | null>(null);

  useEffect(() => {
    if (userId === null || !membershipEnabled) return;
    let active = true;
    fetchMembership(storeId)
      .then((isMember) => active && setMember({ userId, storeId, isMember: isMember === true }))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [userId, storeId, membershipEnabled]);

  return (
    membershipEnabled && member !== null && member.userId === userId && member.storeId === storeId && member.isMember
  );
}
