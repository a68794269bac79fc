import { createFileRoute } from "@tanstack/react-router";
import { MenuScreen } from "../features/menu/MenuScreen";
import { serviceMenuRoute } from "../features/menu/service-menu-route";

export const Route = createFileRoute("/$service/$tableId/")({
  staticData: { screen: "menu" },
  component: MenuPage,
});

function MenuPage() {
  const data = serviceMenuRoute.useLoaderData();
  return <MenuScreen {...data} />;
}
