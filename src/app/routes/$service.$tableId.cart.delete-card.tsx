import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyCart } from "../features/cart/EmptyCart";

/** Cart with the delete-card step open (spec §2). */
export const Route = createFileRoute("/$service/$tableId/cart/delete-card")({
  staticData: { screen: "cart-with-delete-card" },
  component: CartDeleteCardPage,
});

function CartDeleteCardPage() {
  const { t } = useLingui();
  return (
    <EmptyCart
      title={t`My cart`}
      heading={<Trans>No saved cards</Trans>}
      body={<Trans>Cards you save when paying will be listed here, and you can delete them at any time.</Trans>}
    />
  );
}
