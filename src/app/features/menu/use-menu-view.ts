/**
 * What every screen of a service's menu shows the same way: the status now, how prices are shown,
 * whether photos show and whether the guest may order.
 */
import { useLanguage } from "../../i18n/language-store";
import type { ServiceMenuData } from "../../venue/load-venue";
import { useLiveRules } from "./use-live-rules";
import { useServiceStatus } from "./use-service-status";

export function useMenuView({ table, service }: Pick<ServiceMenuData, "table" | "service">) {
  const language = useLanguage();
  const status = useServiceStatus(service, table.store, table.spot);
  const live = useLiveRules();
  return {
    language,
    status,
    /** null until the live rules are loaded: prices are then list prices. */
    pricing: live ? live.menuPricing(service, table.store, status) : null,
    showPhotos: !service.hidePhotosOfItems,
    orderable: !table.store.readOnly,
    routeParams: { service: service.slug, tableId: table.spot.id },
  };
}
