import { createFileRoute } from "@tanstack/react-router";
import { StoreHistoryScreen } from "../features/staff/history/StoreHistoryScreen";
import { idParams } from "../navigation/route-params";

/** Staff: the store's orders by day (spec §2 store-order-history). */
export const Route = createFileRoute("/order-history/for-store/$storeId/$tableId")({
  params: idParams("storeId", "tableId"),
  staticData: { screen: "store-order-history" },
  component: function StoreOrderHistory() {
    const { storeId, tableId } = Route.useParams();
    return <StoreHistoryScreen storeId={storeId} tableId={tableId} />;
  },
});
