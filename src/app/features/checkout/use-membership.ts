/**
 * Whether the signed-in guest is a member of this store (spec §6, §9 "Member price applies when
 * the service has membership, the item has a member price different from price, and the user is
 * a member"; GET user/membership). Visitors and signed-out guests are not; so is anyone while the
 * answer is on its way or could not come (the server prices the order itself either way).
 */
import { useEffect, useState } from "react";
import { fetchMembership } from "../../api/accounts";
import { useSession } from "../../session/use-session";

export function useMembership(storeId: number, membershipEnabled: boolean): boolean {
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
