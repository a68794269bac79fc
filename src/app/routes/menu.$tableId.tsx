import { createFileRoute } from "@tanstack/react-router";
import { ServicesScreen } from "../features/services/ServicesScreen";
import { ServicesSkeleton } from "../features/services/ServicesSkeleton";
import { idParams } from "../navigation/route-params";
import { loadTable } from "../venue/load-venue";

/** Services (spec §2): the page a table's QR code opens. */
export const Route = createFileRoute("/menu/$tableId")({
  params: idParams("tableId"),
  staticData: { screen: "services" },
  loader: ({ params, abortController }) => loadTable(params.tableId, abortController.signal),
  pendingComponent: ServicesSkeleton,
  component: ServicesPage,
});

function ServicesPage() {
  const { table } = Route.useLoaderData();
  return <ServicesScreen table={table} />;
}
