/** Whether the guest is a member of the store of the last table they opened (spec §6). */
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { fetchMembership } from "../../api/accounts";

type Status = "loading" | "member" | "not-member" | "unknown";

/** Spec §6: "Hotel stores say 'all-inclusive'". */
export function MembershipStatus({ storeId, isHotel }: { storeId: number; isHotel: boolean }) {
  const [status, setStatus] = useState<Status>("loading");

  useEffect(() => {
    let active = true;
    fetchMembership(storeId)
      .then((member) => active && setStatus(member ? "member" : "not-member"))
      // Membership is a nice-to-know here; an error just leaves it unsaid.
      .catch(() => active && setStatus("unknown"));
    return () => {
      active = false;
    };
  }, [storeId]);

  if (status === "loading" || status === "unknown") return null;
  return (
    <section className="profile-section" aria-labelledby="membership-title">
      <h2 id="membership-title" className="profile-section__title">
        {isHotel ? <Trans>All-inclusive</Trans> : <Trans>Membership</Trans>}
      </h2>
      <p>
        {isHotel ? (
          status === "member" ? (
            <Trans>You are an all-inclusive guest of the hotel you last visited: all-inclusive prices apply.</Trans>
          ) : (
            <Trans>You are not an all-inclusive guest of the hotel you last visited.</Trans>
          )
        ) : status === "member" ? (
          <Trans>You are a member of the venue you last visited: member prices apply.</Trans>
        ) : (
          <Trans>You are not a member of the venue you last visited.</Trans>
        )}
      </p>
    </section>
  );
}
