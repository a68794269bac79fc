import { createFileRoute } from "@tanstack/react-router";
import { CartScreen } from "../features/cart/CartScreen";
import { serviceMenuRoute } from "../features/menu/service-menu-route";

/** Cart (spec §2): the lines and totals; checkout and payment arrive with the orders issue. */
export const Route = createFileRoute("/$service/$tableId/cart/")({
  staticData: { screen: "cart" },
  component: CartPage,
});

function CartPage() {
  return <CartScreen venue={serviceMenuRoute.useLoaderData()} />;
}
