import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ALL_CATEGORIES_ACTIVE, showsAll, toggleCategory } from "../../domain/categories";
import { MenuScreen } from "../features/menu/MenuScreen";
import { serviceMenuRoute } from "../features/menu/service-menu-route";
import { parseCategoryIds } from "../navigation/route-params";

interface CategoriesSearch {
  /** The active categories; none means All (spec §4). */
  category: number[];
}

/**
 * Menu with categories (spec §2): the menu filtered by the category chips. The active set is in
 * the address, so a reload or the back button keeps it.
 */
export const Route = createFileRoute("/$service/$tableId/categories")({
  validateSearch: (search: Record<string, unknown>): CategoriesSearch => ({
    category: parseCategoryIds(search.category),
  }),
  staticData: { screen: "menu-with-categories" },
  component: CategoriesPage,
});

function CategoriesPage() {
  const { t } = useLingui();
  const data = serviceMenuRoute.useLoaderData();
  const { category } = Route.useSearch();
  const navigate = Route.useNavigate();
  const active = category.length === 0 ? ALL_CATEGORIES_ACTIVE : category;
  return (
    <MenuScreen
      {...data}
      screenName={t`Categories`}
      activeCategories={active}
      onToggleCategory={(categoryId) => {
        const next = toggleCategory(active, categoryId);
        void navigate({ search: { category: showsAll(next) ? [] : [...next] }, replace: true });
      }}
    />
  );
}
