import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { CartScreen } from "../features/cart/CartScreen";
import { ChangePhoneDialog } from "../features/checkout/ChangePhoneDialog";
import { serviceMenuRoute } from "../features/menu/service-menu-route";

/** Cart with the change-phone step open (spec §2). */
export const Route = createFileRoute("/$service/$tableId/cart/change-phone")({
  staticData: { screen: "cart-with-change-phone" },
  component: CartChangePhonePage,
});

function CartChangePhonePage() {
  const params = Route.useParams();
  const navigate = useNavigate();
  const backToCart = () => void navigate({ to: "/$service/$tableId/cart", params, replace: true });
  return <CartScreen venue={serviceMenuRoute.useLoaderData()} overlay={<ChangePhoneDialog onClose={backToCart} />} />;
}
