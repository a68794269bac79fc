/** The notices above the menu: view-only, happy hour, contest, membership (spec §1). */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ServiceDto, StoreDto } from "../../../domain/api";
import { ContestBanner } from "./ContestBanner";
import { HappyHourBanner } from "./HappyHourBanner";
import { membershipInfoText } from "./membership-wording";
import type { ServiceStatus } from "./service-status";

interface MenuNoticesProps {
  store: StoreDto;
  service: ServiceDto;
  status: ServiceStatus | null;
  routeParams: { service: string; tableId: number };
}

export function MenuNotices({ store, service, status, routeParams }: MenuNoticesProps) {
  const { i18n } = useLingui();
  return (
    <>
      {store.readOnly && (
        <p className="menu__notice">
          <Trans>This menu is for viewing only; please order from a member of staff.</Trans>
        </p>
      )}
      {service.happyHour && (
        <HappyHourBanner
          happyHour={service.happyHour}
          active={status?.happyHourActive ?? false}
          routeParams={routeParams}
        />
      )}
      <ContestBanner />
      {service.membershipEnabled && service.membershipInfoShown && (
        <p className="menu__notice">{i18n._(membershipInfoText(store.storeIsHotel))}</p>
      )}
    </>
  );
}
