import { createFileRoute } from "@tanstack/react-router";
import { KitchenDisplayScreen } from "../features/kitchen/KitchenDisplayScreen";
import { idParams } from "../navigation/route-params";

/** Staff: a station's kitchen display (KDS), for the tablet on its counter. */
export const Route = createFileRoute("/kitchen/for-store/$storeId/$tableId/$stationId")({
  params: idParams("storeId", "tableId", "stationId"),
  staticData: { screen: "kitchen-display" },
  component: function KitchenDisplay() {
    const { storeId, stationId } = Route.useParams();
    // Keyed by the station: another station's display starts afresh (its tickets, its arrivals).
    return <KitchenDisplayScreen key={stationId} storeId={storeId} stationId={stationId} />;
  },
});
