import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import { idParams } from "../navigation/route-params";

/** Staff: the store's orders of the day. */
export const Route = createFileRoute("/order-history/for-store/$storeId/$tableId")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "store-order-history" },
  component: StoreOrderHistoryPage,
});

function StoreOrderHistoryPage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Order history`}
      art="receipt"
      heading={<Trans>No orders yet</Trans>}
      body={<Trans>The venue's orders of the day will be listed here.</Trans>}
    />
  );
}
