import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";

/** Staff: accept, reject or advance an order. */
export const Route = createFileRoute("/order-change-status")({
  staticData: { screen: "order-change-status" },
  component: OrderChangeStatusPage,
});

function OrderChangeStatusPage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Order status`}
      art="staff"
      heading={<Trans>No order selected</Trans>}
      body={<Trans>Open an order from a notification or from the open tables to accept, reject or update it.</Trans>}
    />
  );
}
