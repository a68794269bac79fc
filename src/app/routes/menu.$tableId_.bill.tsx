import { createFileRoute } from "@tanstack/react-router";
import { BillScreen } from "../features/bill/BillScreen";
import { idParams } from "../navigation/route-params";

/**
 * The guest's bill at a spot (/menu/:tableId/bill): what the table owes, paid from the phone. Under
 * /menu/:tableId, the spot's services page, but not inside it (the trailing `_`): its own lazy chunk
 * and no table read first. Under the "menu" segment the server's first-reads rule already knows it
 * is no service's slug, so no menu is preloaded for it.
 */
export const Route = createFileRoute("/menu/$tableId_/bill")({
  params: idParams("tableId"),
  staticData: { screen: "bill" },
  component: BillPage,
});

function BillPage() {
  const { tableId } = Route.useParams();
  return <BillScreen tableId={tableId} />;
}
