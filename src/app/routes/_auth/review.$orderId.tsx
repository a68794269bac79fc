import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../../features/shell/EmptyStatePage";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/review/$orderId")({
  params: idParams("orderId"),
  staticData: { screen: "reviews" },
  component: ReviewPage,
});

function ReviewPage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Leave a review`}
      art="star"
      heading={<Trans>Nothing to review yet</Trans>}
      body={<Trans>You can rate this order once it has been served. Come back after you have enjoyed it.</Trans>}
    />
  );
}
