import { Trans } from "@lingui/react/macro";
import { useAthensNow } from "../../clock/use-athens-now";
import { contestBannerShown } from "./contest";

/** Spec §1 contest banner; see contest.ts for why it no longer shows. */
export function ContestBanner() {
  const now = useAthensNow();
  if (!contestBannerShown(now?.date)) return null;
  return (
    <aside className="menu-banner menu-banner--contest" aria-labelledby="contest-title">
      <strong id="contest-title">
        <Trans>Win a tablet!</Trans>
      </strong>{" "}
      <Trans>Order through the app and take part in the draw on 31 August 2022.</Trans>
    </aside>
  );
}
