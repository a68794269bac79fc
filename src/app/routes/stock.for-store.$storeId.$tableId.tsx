import { createFileRoute } from "@tanstack/react-router";
import { StockScreen } from "../features/staff/stock/StockScreen";
import { idParams } from "../navigation/route-params";

/** Staff: the store's items to mark sold out or count, and its services to pause. */
export const Route = createFileRoute("/stock/for-store/$storeId/$tableId")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "stock" },
  component: function Stock() {
    const { storeId } = Route.useParams();
    return <StockScreen storeId={storeId} />;
  },
});
