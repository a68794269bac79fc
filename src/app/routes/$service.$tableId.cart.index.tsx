import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { CartScreen } from "../features/cart/CartScreen";
import { serviceMenuRoute } from "../features/menu/service-menu-route";

/** Cart (spec §2): the lines, totals and checkout; a saved card's Delete opens /cart/delete-card. */
export const Route = createFileRoute("/$service/$tableId/cart/")({
  staticData: { screen: "cart" },
  component: CartPage,
});

function CartPage() {
  const params = Route.useParams();
  const navigate = useNavigate();
  return (
    <CartScreen
      venue={serviceMenuRoute.useLoaderData()}
      onDeleteCard={(card) =>
        void navigate({ to: "/$service/$tableId/cart/delete-card", params, search: { cardToken: card.cardToken } })
      }
    />
  );
}
