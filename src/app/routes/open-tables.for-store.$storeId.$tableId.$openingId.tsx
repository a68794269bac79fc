import { createFileRoute } from "@tanstack/react-router";
import { OpeningScreen } from "../features/staff/openings/OpeningScreen";
import { idParams } from "../navigation/route-params";

/** Staff: one open (or closed) table opening, to settle, move or receipt. */
export const Route = createFileRoute("/open-tables/for-store/$storeId/$tableId/$openingId")({
  params: idParams("storeId", "tableId", "openingId"),
  staticData: { screen: "open-tables" },
  component: function Opening() {
    const { storeId, tableId, openingId } = Route.useParams();
    // Keyed by the opening: after a move merged it into another, the screen starts afresh on the target.
    return <OpeningScreen key={openingId} storeId={storeId} tableId={tableId} openingId={openingId} kind="tables" />;
  },
});
