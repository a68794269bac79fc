import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyCart } from "../features/cart/EmptyCart";

/** Cart with the change-phone step open (spec §2). */
export const Route = createFileRoute("/$service/$tableId/cart/change-phone")({
  staticData: { screen: "cart-with-change-phone" },
  component: CartChangePhonePage,
});

function CartChangePhonePage() {
  const { t } = useLingui();
  return (
    <EmptyCart
      title={t`My cart`}
      heading={<Trans>Change phone number</Trans>}
      body={<Trans>Sign in first; then you can change the phone number that receives your order updates.</Trans>}
    />
  );
}
