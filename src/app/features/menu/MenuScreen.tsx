/**
 * Menu screen (spec §2 "menu", /:service/:tableId): the service's categories and items. Kept to the
 * list on purpose: the item modal, cart and ordering rules plug in here in later issues.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { pickTranslation } from "../../../domain/languages";
import { useLanguage } from "../../i18n/language-store";
import type { ServiceMenuData } from "../../venue/load-venue";
import { SpotBadge } from "../../venue/SpotBadge";
import { usePageTitle } from "../shell/use-page-title";
import { MenuItemCard } from "./MenuItemCard";
import { menuSections } from "./menu-sections";
import "./menu.css";

export function MenuScreen({ table, service, menu }: ServiceMenuData) {
  const { t } = useLingui();
  const language = useLanguage();
  const serviceName = pickTranslation(service.names, language.ui, language.extra).name;
  const sections = menuSections(menu);
  const routeParams = { service: service.slug, tableId: table.spot.id };
  const discount = service.happyHour?.discountPercentage;
  // Spec §2 names this screen "menu": the tab reads "Beach bar – Menu · Κύμα".
  usePageTitle(`${serviceName} – ${t`Menu`}`);

  return (
    <section className="page menu" aria-labelledby="menu-title">
      <div className="menu__intro">
        <h1 id="menu-title" className="page__title">
          {serviceName}
        </h1>
        <SpotBadge spot={table.spot} />
      </div>

      <nav className="menu__tools" aria-label={t`Menu tools`}>
        <Link to="/$service/$tableId/search" params={routeParams} search={{ q: "" }} className="menu__tool">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <Trans>Search</Trans>
        </Link>
        <Link to="/$service/$tableId/cart" params={routeParams} className="menu__tool">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 8h14l-1.5 12h-11zM9 8V6a3 3 0 016 0v2" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <Trans>My cart</Trans>
        </Link>
      </nav>

      {table.store.readOnly && (
        <p className="menu__notice">
          <Trans>This menu is for viewing only; please order from a member of staff.</Trans>
        </p>
      )}

      {service.happyHour && (
        <Link to="/$service/$tableId/happy-hour" params={routeParams} className="menu__happy-hour">
          <strong>
            <Trans>Happy hour −{discount}%</Trans>
          </strong>
          <span>
            {service.happyHour.startTime}–{service.happyHour.endTime}
          </span>
        </Link>
      )}

      {sections.length === 0 ? (
        <div className="empty-state card">
          <h2 className="empty-state__heading">
            <Trans>The menu is empty for now</Trans>
          </h2>
          <p className="empty-state__body">
            <Trans>The venue has not added any items to this service yet.</Trans>
          </p>
        </div>
      ) : (
        <>
          <nav className="menu__categories" aria-label={t`Categories`}>
            <ul>
              {sections.map(({ category }) => (
                <li key={category.id}>
                  <a href={`#category-${category.id}`} className="menu__category-link">
                    {pickTranslation(category.names, language.ui, language.extra).name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {sections.map(({ category, items }) => (
            <section
              key={category.id}
              id={`category-${category.id}`}
              className="menu__section"
              aria-labelledby={`category-title-${category.id}`}
            >
              <h2 id={`category-title-${category.id}`} className="menu__section-title">
                {pickTranslation(category.names, language.ui, language.extra).name}
              </h2>
              <ul className="menu__items">
                {items.map((item) => (
                  <li key={item.id}>
                    <MenuItemCard item={item} language={language} showPhoto={!service.hidePhotosOfItems} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
