import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import { parseId, parseToken } from "../navigation/route-params";

/** Staff: an order opened from a link that carries its own access token. */
export const Route = createFileRoute("/view-order-details/$orderId/$restaurantId/$token")({
  params: {
    parse: (raw) => ({
      orderId: parseId(raw.orderId),
      restaurantId: parseId(raw.restaurantId),
      token: parseToken(raw.token),
    }),
    stringify: (params) => ({
      orderId: String(params.orderId),
      restaurantId: String(params.restaurantId),
      token: params.token,
    }),
  },
  staticData: { screen: "view-order-details" },
  component: ViewOrderDetailsPage,
});

function ViewOrderDetailsPage() {
  const { t } = useLingui();
  const { orderId } = Route.useParams();
  return (
    <EmptyStatePage
      title={t`Order details`}
      art="receipt"
      heading={<Trans>Order #{orderId}</Trans>}
      body={<Trans>The items, the table and the status of this order will be shown here.</Trans>}
    />
  );
}
