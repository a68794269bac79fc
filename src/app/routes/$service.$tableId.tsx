import { createFileRoute, Outlet } from "@tanstack/react-router";
import { MenuSkeleton } from "../features/menu/MenuSkeleton";
import { ServiceScreens } from "../features/menu/ServiceScreens";
import { parseId, parseSlug } from "../navigation/route-params";
import { loadServiceMenu } from "../venue/load-venue";

/**
 * Layout of a service's screens: finds the service by its slug among the table's services and
 * loads its menu once for the menu, categories, happy-hour, search and cart screens (the service
 * worker answers from its cache at once when the menu was seen before). An unknown table or
 * service shows the not-found screen.
 */
export const Route = createFileRoute("/$service/$tableId")({
  params: {
    parse: (raw) => ({ service: parseSlug(raw.service), tableId: parseId(raw.tableId) }),
    stringify: (params) => ({ service: params.service, tableId: String(params.tableId) }),
  },
  loader: ({ params, abortController }) => loadServiceMenu(params.service, params.tableId, abortController.signal),
  pendingComponent: MenuSkeleton,
  // The skeleton has the list's geometry, so the menu replaces it the moment it is there instead
  // of after the app-wide minimum (router.ts): up to 300 ms sooner on a cold or repeat visit.
  pendingMinMs: 0,
  component: ServiceLayout,
});

function ServiceLayout() {
  const venue = Route.useLoaderData();
  return (
    <ServiceScreens venue={venue}>
      <Outlet />
    </ServiceScreens>
  );
}
