/**
 * The happy-hour banner (spec §1): while the happy hour runs it says so and until when; before or
 * after, it announces the window. It links to the happy-hour view with the discounted prices.
 */
import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ServiceDto } from "../../../domain/api";

interface HappyHourBannerProps {
  happyHour: NonNullable<ServiceDto["happyHour"]>;
  active: boolean;
  routeParams: { service: string; tableId: number };
}

export function HappyHourBanner({ happyHour, active, routeParams }: HappyHourBannerProps) {
  const { discountPercentage: discount, startTime: start, endTime: end } = happyHour;
  return (
    <Link
      to="/$service/$tableId/happy-hour"
      params={routeParams}
      className={`menu-banner menu-banner--happy-hour${active ? " menu-banner--active" : ""}`}
    >
      <strong>{active ? <Trans>Happy hour now: −{discount}%</Trans> : <Trans>Happy hour −{discount}%</Trans>}</strong>
      <span>
        {active ? (
          <Trans>until {end}</Trans>
        ) : (
          <Trans>
            from {start} to {end}
          </Trans>
        )}
      </span>
    </Link>
  );
}
