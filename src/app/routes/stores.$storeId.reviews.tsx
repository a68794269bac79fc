import { createFileRoute } from "@tanstack/react-router";
import { StoreReviewsScreen } from "../features/reviews/StoreReviewsScreen";
import { idParams } from "../navigation/route-params";

export const Route = createFileRoute("/stores/$storeId/reviews")({
  params: idParams("storeId"),
  staticData: { screen: "store-reviews" },
  component: StoreReviewsPage,
});

function StoreReviewsPage() {
  const { storeId } = Route.useParams();
  return <StoreReviewsScreen storeId={storeId} />;
}
