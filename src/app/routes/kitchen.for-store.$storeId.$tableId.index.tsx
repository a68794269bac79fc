import { createFileRoute } from "@tanstack/react-router";
import { KitchenScreen } from "../features/kitchen/KitchenScreen";
import { idParams } from "../navigation/route-params";

/** Staff: what the kitchen and bars have ready to carry, and the store's stations to open a display for. */
export const Route = createFileRoute("/kitchen/for-store/$storeId/$tableId/")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "kitchen" },
  component: function Kitchen() {
    const { storeId, tableId } = Route.useParams();
    return <KitchenScreen storeId={storeId} tableId={tableId} />;
  },
});
