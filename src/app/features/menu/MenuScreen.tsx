/**
 * A service's menu (spec §2 "menu" /:service/:tableId and "menu-with-categories"
 * /:service/:tableId/categories): status and notices, the category chips, and the items by
 * category. On the menu all categories show and a chip opens the filtered view; on the categories
 * screen the chips filter (src/domain/categories.ts). Items open the item modal.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ActiveCategories, itemsInActiveCategories } from "../../../domain/categories";
import { pickTranslation } from "../../../domain/languages";
import type { ServiceMenuData } from "../../venue/load-venue";
import { usePageTitle } from "../shell/use-page-title";
import { CategoryChips } from "./CategoryChips";
import { priorityPhotosOf } from "./first-screen";
import { MenuHeader } from "./MenuHeader";
import { MenuItemList } from "./MenuItemList";
import { MenuNotices } from "./MenuNotices";
import { MenuTools } from "./MenuTools";
import { menuSections } from "./menu-sections";
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
  const sections = menuSections({
    categories: menu.categories,
    items: itemsInActiveCategories(menu.items, activeCategories),
  });
  const shown = sections.length;
  const total = allSections.length;
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
          {sections.map(({ category, items }, sectionIndex) => (
            <section
              key={category.id}
              id={`category-${category.id}`}
              className="menu__section"
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
