import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../../features/shell/EmptyStatePage";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/history/$userId/")({
  params: idParams("userId"),
  staticData: { screen: "history" },
  component: HistoryPage,
});

function HistoryPage() {
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
