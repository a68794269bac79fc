import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../../features/shell/EmptyStatePage";
import { idParams } from "../../navigation/route-params";

/** History with the entrance (sign-in) step open; the entrance dialog arrives with sign-in. */
export const Route = createFileRoute("/_auth/history/$userId/entrance")({
  params: idParams("userId"),
  staticData: { screen: "history-with-entrance" },
  component: HistoryEntrancePage,
});

function HistoryEntrancePage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`My orders`}
      art="receipt"
      heading={<Trans>No orders yet</Trans>}
      body={<Trans>The orders you place will be listed here, with their status and receipt.</Trans>}
    />
  );
}
