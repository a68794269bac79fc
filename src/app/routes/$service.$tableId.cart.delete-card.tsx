import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { CartScreen } from "../features/cart/CartScreen";
import { DeleteCardDialog } from "../features/checkout/DeleteCardDialog";
import { serviceMenuRoute } from "../features/menu/service-menu-route";

interface DeleteCardSearch {
  /** The saved card to delete (spec §4 "deleting removes by cardToken"). */
  cardToken?: string;
}

/** Cart with the delete-card step open (spec §2). */
export const Route = createFileRoute("/$service/$tableId/cart/delete-card")({
  validateSearch: (search: Record<string, unknown>): DeleteCardSearch =>
    typeof search.cardToken === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(search.cardToken)
      ? { cardToken: search.cardToken }
      : {},
  staticData: { screen: "cart-with-delete-card" },
  component: CartDeleteCardPage,
});

function CartDeleteCardPage() {
  const params = Route.useParams();
  const { cardToken } = Route.useSearch();
  const navigate = useNavigate();
  const backToCart = () => void navigate({ to: "/$service/$tableId/cart", params, replace: true });
  return (
    <CartScreen
      venue={serviceMenuRoute.useLoaderData()}
      overlay={<DeleteCardDialog cardToken={cardToken} onClose={backToCart} />}
    />
  );
}
