/**
 * The happy-hour view (spec §2 "menu-with-happy-hour"): every item with its happy-hour price
 * (spec §9: price x (100 - discount) / 100, options too). During the window these are the prices
 * the guest pays; outside it the screen says when they apply.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { pickTranslation } from "../../../domain/languages";
import type { ServiceMenuData } from "../../venue/load-venue";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { usePageTitle } from "../shell/use-page-title";
import { MenuHeader } from "./MenuHeader";
import { MenuItemList } from "./MenuItemList";
import { menuSections } from "./menu-sections";
import { useMenuView } from "./use-menu-view";
import "./menu.css";

export function HappyHourScreen({ table, service, menu }: ServiceMenuData) {
  const { t } = useLingui();
  const view = useMenuView({ table, service });
  const { language } = view;
  const happyHour = service.happyHour;
  const serviceName = pickTranslation(service.names, language.ui, language.extra).name;
  usePageTitle(`${serviceName} – ${t`Happy hour`}`);
  const backToMenu = (
    <Link to="/$service/$tableId" params={view.routeParams} className="button">
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

  const { discountPercentage: discount, startTime: start, endTime: end } = happyHour;
  const active = view.status?.happyHourActive ?? false;
  // The happy-hour prices, whatever the time: this screen is their price list.
  const pricing = view.pricing && {
    ...view.pricing,
    rules: { ...view.pricing.rules, happyHourDiscountPercentage: discount },
  };

  return (
    <section className="page menu" aria-labelledby="happy-hour-title">
      <MenuHeader
        title={<Trans>Happy hour −{discount}%</Trans>}
        titleId="happy-hour-title"
        spot={table.spot}
        service={service}
        status={view.status}
      />
      <p className={`menu-banner menu-banner--happy-hour${active ? " menu-banner--active" : ""}`}>
        {active ? (
          <Trans>Happy hour is on until {end}: these are the prices you pay now, options included.</Trans>
        ) : (
          <Trans>
            These prices apply from {start} to {end}. Outside these hours the regular prices apply.
          </Trans>
        )}
      </p>
      {menuSections({ categories: menu.categories, items: menu.items.filter((item) => item.priceable) }).map(
        ({ category, items }) => (
          <section key={category.id} className="menu__section" aria-labelledby={`hh-category-${category.id}`}>
            <h2 id={`hh-category-${category.id}`} className="menu__section-title">
              {pickTranslation(category.names, language.ui, language.extra).name}
            </h2>
            <MenuItemList
              items={items}
              language={language}
              pricing={pricing}
              showPhotos={view.showPhotos}
              orderable={view.orderable}
            />
          </section>
        ),
      )}
      <p className="menu__back">{backToMenu}</p>
    </section>
  );
}
