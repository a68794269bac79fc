import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { serviceMenuRoute } from "../features/menu/service-menu-route";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";

/** Menu with happy hour (spec §2): the discounted prices arrive with the price rules. */
export const Route = createFileRoute("/$service/$tableId/happy-hour")({
  staticData: { screen: "menu-with-happy-hour" },
  component: HappyHourPage,
});

function HappyHourPage() {
  const { t } = useLingui();
  const { table, service } = serviceMenuRoute.useLoaderData();
  const happyHour = service.happyHour;
  const backToMenu = (
    <Link to="/$service/$tableId" params={{ service: service.slug, tableId: table.spot.id }} className="button">
      <Trans>Back to the menu</Trans>
    </Link>
  );
  if (!happyHour) {
    return (
      <EmptyStatePage
        title={t`Happy hour`}
        art="sun"
        heading={<Trans>No happy hour here</Trans>}
        body={<Trans>This service has no happy hour at the moment.</Trans>}
        actions={backToMenu}
      />
    );
  }
  const { discountPercentage, startTime, endTime } = happyHour;
  return (
    <EmptyStatePage
      title={t`Happy hour`}
      art="sun"
      heading={
        <Trans>
          −{discountPercentage}% from {startTime} to {endTime}
        </Trans>
      }
      body={<Trans>During happy hour the discount applies to every item of this menu.</Trans>}
      actions={backToMenu}
    />
  );
}
