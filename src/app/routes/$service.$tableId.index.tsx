import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ALL_CATEGORIES_ACTIVE, toggleCategory } from "../../domain/categories";
import { MenuScreen } from "../features/menu/MenuScreen";
import { serviceMenuRoute } from "../features/menu/service-menu-route";

/** Menu (spec §2): every category; a category chip opens the filtered categories screen. */
export const Route = createFileRoute("/$service/$tableId/")({
  staticData: { screen: "menu" },
  component: MenuPage,
});

function MenuPage() {
  const { t } = useLingui();
  const data = serviceMenuRoute.useLoaderData();
  const navigate = Route.useNavigate();
  return (
    <MenuScreen
      {...data}
      screenName={t`Menu`}
      activeCategories={ALL_CATEGORIES_ACTIVE}
      onToggleCategory={(categoryId) => {
        const active = toggleCategory(ALL_CATEGORIES_ACTIVE, categoryId);
        if (active === ALL_CATEGORIES_ACTIVE) return;
        void navigate({
          to: "/$service/$tableId/categories",
          params: { service: data.service.slug, tableId: data.table.spot.id },
          search: { category: [...active] },
        });
      }}
    />
  );
}
