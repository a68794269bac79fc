import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import { idParams } from "../navigation/route-params";

/** Staff: hotel rooms with open charges. */
export const Route = createFileRoute("/open-rooms/for-store/$storeId/$tableId")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "open-rooms" },
  component: OpenRoomsPage,
});

function OpenRoomsPage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Open rooms`}
      art="staff"
      heading={<Trans>No open rooms</Trans>}
      body={<Trans>Rooms with open orders will be listed here.</Trans>}
    />
  );
}
