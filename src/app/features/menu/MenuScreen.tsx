/**
 * A service's menu (spec §2 "menu" /:service/:tableId and "menu-with-categories"
 * /:service/:tableId/categories): status and notices, the category chips, and the items by
 * category. On the menu all categories show and a chip opens the filtered view; on the categories
 * screen the chips filter (src/domain/categories.ts). Items open the item modal.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { startTransition, useEffect, useState } from "react";
import { filterByAllergens } from "../../../domain/allergens";
import { type ActiveCategories, itemsInActiveCategories } from "../../../domain/categories";
import { pickTranslation } from "../../../domain/languages";
import { isFirstScreenShown } from "../../navigation/first-screen";
import type { ServiceMenuData } from "../../venue/load-venue";
import { usePageTitle } from "../shell/use-page-title";
import { AllergenFilter } from "./AllergenFilter";
import { CategoryChips } from "./CategoryChips";
import { FIRST_RENDER_ITEM_ROWS, firstRowsOf, priorityPhotosOf, rendersEveryRowFirst } from "./first-screen";
import { MenuHeader } from "./MenuHeader";
import { MenuItemList } from "./MenuItemList";
import { MenuNotices } from "./MenuNotices";
import { MenuTools } from "./MenuTools";
import { menuSections } from "./menu-sections";
import { useAvoidedAllergens } from "./use-avoided-allergens";
import { useMenuView } from "./use-menu-view";
import "./menu.css";

interface MenuScreenProps extends ServiceMenuData {
  /** The screen's name in the tab title ("Menu", "Categories"). */
  screenName: string;
  activeCategories: ActiveCategories;
  onToggleCategory: (categoryId: number) => void;
}

export function MenuScreen({ table, service, menu, screenName, activeCategories, onToggleCategory }: MenuScreenProps) {
  const { t } = useLingui();
  const view = useMenuView({ table, service });
  const { language } = view;
  const serviceName = pickTranslation(service.names, language.ui, language.extra).name;
  const allSections = menuSections(menu);
  const allergens = useAvoidedAllergens();
  const filtered = filterByAllergens(itemsInActiveCategories(menu.items, activeCategories), allergens.avoided);
  const sections = menuSections({ categories: menu.categories, items: filtered.shown });
  const shown = sections.length;
  const total = allSections.length;
  const restRendered = useRestRendered();
  const rendered = firstRowsOf(sections, restRendered ? null : FIRST_RENDER_ITEM_ROWS);
  usePageTitle(`${serviceName} – ${screenName}`);

  return (
    <section className="page menu" aria-labelledby="menu-title">
      <MenuHeader title={serviceName} titleId="menu-title" spot={table.spot} service={service} status={view.status} />
      <MenuTools routeParams={view.routeParams} showCart={view.orderable} />
      <MenuNotices store={table.store} service={service} status={view.status} routeParams={view.routeParams} />

      {allSections.length === 0 ? (
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
          <CategoryChips
            categories={allSections.map((section) => section.category)}
            active={activeCategories}
            language={language}
            onToggle={onToggleCategory}
          />
          <AllergenFilter
            avoided={allergens.avoided}
            hidden={filtered.hidden}
            onToggle={allergens.toggle}
            onClear={allergens.clear}
          />
          {sections.length === 0 && filtered.hidden > 0 && (
            <div className="empty-state card">
              <h2 className="empty-state__heading">
                <Trans>No items without the allergens you chose</Trans>
              </h2>
              <p className="empty-state__body">
                <Trans>Every item here contains at least one of them. Untick some, or ask a member of staff.</Trans>
              </p>
              <button type="button" className="button button--quiet" onClick={allergens.clear}>
                <Trans>Show all items</Trans>
              </button>
            </div>
          )}
          {rendered.map(({ category, items }, sectionIndex) => (
            <section
              key={category.id}
              id={`category-${category.id}`}
              className="menu__section"
              ref={(section) => {
                // Room held for the rows while the section is off screen (menu.css
                // content-visibility). Set on the element, not as a style attribute: the page's CSP
                // refuses inline styles in the server's HTML.
                section?.style.setProperty("--menu-section-rows", String(items.length));
              }}
              aria-labelledby={`category-title-${category.id}`}
            >
              <h2 id={`category-title-${category.id}`} className="menu__section-title">
                {pickTranslation(category.names, language.ui, language.extra).name}
              </h2>
              <MenuItemList
                items={items}
                language={language}
                pricing={view.pricing}
                showPhotos={view.showPhotos}
                orderable={view.orderable}
                priorityPhotos={priorityPhotosOf(sections, sectionIndex)}
                markAllergensNotStated={allergens.avoided.length > 0}
              />
            </section>
          ))}
          <p className="visually-hidden" role="status">
            {shown < total && t`Showing ${shown} of ${total} categories`}
          </p>
        </>
      )}
    </section>
  );
}

/**
 * On the app's first screen (a cold or repeat visit opening this menu): false for the first
 * render, which shows the first screen's rows only, so that the page paints them without waiting
 * for the whole menu (on a cheap phone every row costs main-thread time). Then
 * true, as a transition: React renders the other rows in slices of a few milliseconds, between
 * which the phone paints and answers taps. Every row is in the page a moment later, in the menu's
 * order, for find-in-page, the keyboard and screen readers. Later, in-app navigations (back from
 * the cart) render every row at once, so the router restores the scroll position on a full page.
 */
function useRestRendered(): boolean {
  // Read, not subscribed to: only the first render asks, and a subscription would render the whole
  // menu again, in one synchronous task, when the first screen comes up.
  const [restRendered, setRestRendered] = useState(() => isFirstScreenShown() || rendersEveryRowFirst());
  useEffect(() => {
    if (!restRendered) startTransition(() => setRestRendered(true));
  }, [restRendered]);
  return restRendered;
}
