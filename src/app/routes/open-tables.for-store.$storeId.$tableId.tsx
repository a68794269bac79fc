import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import { idParams } from "../navigation/route-params";

/** Staff: tables of the store with open orders. */
export const Route = createFileRoute("/open-tables/for-store/$storeId/$tableId")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "open-tables" },
  component: OpenTablesPage,
});

function OpenTablesPage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Open tables`}
      art="staff"
      heading={<Trans>No open tables</Trans>}
      body={<Trans>Tables with open orders will be listed here, ready to close, transfer or print a receipt.</Trans>}
    />
  );
}
