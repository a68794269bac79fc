import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import { idParams } from "../navigation/route-params";

export const Route = createFileRoute("/stores/$storeId/reviews")({
  params: idParams("storeId"),
  staticData: { screen: "store-reviews" },
  component: StoreReviewsPage,
});

function StoreReviewsPage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Store reviews`}
      art="star"
      heading={<Trans>No reviews yet</Trans>}
      body={<Trans>Reviews from guests of this venue will appear here.</Trans>}
    />
  );
}
