import { createFileRoute } from "@tanstack/react-router";
import { OpenOpeningsScreen } from "../features/staff/openings/OpenOpeningsScreen";
import { idParams } from "../navigation/route-params";

/** Staff: the store's open tables (spec §2 open-tables). */
export const Route = createFileRoute("/open-tables/for-store/$storeId/$tableId/")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "open-tables" },
  component: function OpenOpenings() {
    const { storeId, tableId } = Route.useParams();
    return <OpenOpeningsScreen storeId={storeId} tableId={tableId} kind="tables" />;
  },
});
