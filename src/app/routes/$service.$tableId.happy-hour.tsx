import { createFileRoute } from "@tanstack/react-router";
import { HappyHourScreen } from "../features/menu/HappyHourScreen";
import { serviceMenuRoute } from "../features/menu/service-menu-route";

/** Menu with happy hour (spec §2): the items at their happy-hour prices. */
export const Route = createFileRoute("/$service/$tableId/happy-hour")({
  staticData: { screen: "menu-with-happy-hour" },
  component: HappyHourPage,
});

function HappyHourPage() {
  return <HappyHourScreen {...serviceMenuRoute.useLoaderData()} />;
}
