/**
 * What every screen of a service's menu shows the same way: the status now, how prices are shown,
 * whether photos show and whether the guest may order.
 */
import { useMemo } from "react";
import { useLanguage } from "../../i18n/language-store";
import type { ServiceMenuData } from "../../venue/load-venue";
import { menuPricing } from "./menu-pricing";
import { useServiceStatus } from "./use-service-status";

export function useMenuView({ table, service }: Pick<ServiceMenuData, "table" | "service">) {
  const language = useLanguage();
  const status = useServiceStatus(service, table.store, table.spot);
  const memberPrices = status?.priceRules.memberPrices ?? false;
  const happyHourDiscount = status?.priceRules.happyHourDiscountPercentage ?? 0;
  // From the first render (no layout shift): list prices and the member price line
  // until the clock knows the time, then the rules in effect. The same object as long as those
  // rules stay the same, so the minute's tick and the clock's arrival re-render no item card.
  const pricing = useMemo(
    () =>
      menuPricing(service, table.store, {
        priceRules: { memberPrices, happyHourDiscountPercentage: happyHourDiscount },
      }),
    [service, table.store, memberPrices, happyHourDiscount],
  );
  return {
    language,
    status,
    pricing,
    showPhotos: !service.hidePhotosOfItems,
    orderable: !table.store.readOnly,
    routeParams: { service: service.slug, tableId: table.spot.id },
  };
}
