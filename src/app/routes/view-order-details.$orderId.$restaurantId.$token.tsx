import { createFileRoute } from "@tanstack/react-router";
import { OrderByLinkScreen } from "../features/staff/history/OrderByLinkScreen";
import { parseId, parseToken } from "../navigation/route-params";

/** An order opened from a link that carries its own access token (no sign-in). */
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
  const { orderId, restaurantId, token } = Route.useParams();
  return <OrderByLinkScreen orderId={orderId} storeId={restaurantId} token={token} />;
}
