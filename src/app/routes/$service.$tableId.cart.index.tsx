import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyCart } from "../features/cart/EmptyCart";

/** Cart (spec §2): lines, checkout and payment arrive with the cart issue. */
export const Route = createFileRoute("/$service/$tableId/cart/")({
  staticData: { screen: "cart" },
  component: CartPage,
});

function CartPage() {
  const { t } = useLingui();
  return <EmptyCart title={t`My cart`} />;
}
