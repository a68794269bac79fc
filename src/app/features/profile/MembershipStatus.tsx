/** Whether the guest is a member of the store of the last table they opened (spec §6). */
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { fetchMembership } from "../../api/accounts";

type Status = "loading" | "member" | "not-member" | "unknown";

export function MembershipStatus({ storeId }: { storeId: number }) {
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
        <Trans>Membership</Trans>
      </h2>
      <p>
        {status === "member" ? (
          <Trans>You are a member of the venue you last visited: member prices apply.</Trans>
        ) : (
          <Trans>You are not a member of the venue you last visited.</Trans>
        )}
      </p>
    </section>
  );
}
