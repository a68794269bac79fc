import { createFileRoute } from "@tanstack/react-router";
import { OpenOpeningsScreen } from "../features/staff/openings/OpenOpeningsScreen";
import { idParams } from "../navigation/route-params";

/** Staff: the store's open rooms (spec §2 open-rooms). */
export const Route = createFileRoute("/open-rooms/for-store/$storeId/$tableId/")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "open-rooms" },
  component: function OpenOpenings() {
    const { storeId, tableId } = Route.useParams();
    return <OpenOpeningsScreen storeId={storeId} tableId={tableId} kind="rooms" />;
  },
});
