import { createFileRoute } from "@tanstack/react-router";
import { ReviewScreen } from "../../features/reviews/ReviewScreen";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/review/$orderId")({
  params: idParams("orderId"),
  staticData: { screen: "reviews" },
  component: ReviewPage,
});

function ReviewPage() {
  const { orderId } = Route.useParams();
  return <ReviewScreen orderId={orderId} />;
}
