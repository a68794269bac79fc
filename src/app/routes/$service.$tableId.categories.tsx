import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { pickTranslation } from "../../domain/languages";
import { menuSections } from "../features/menu/menu-sections";
import { serviceMenuRoute } from "../features/menu/service-menu-route";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import { usePageTitle } from "../features/shell/use-page-title";
import { useLanguage } from "../i18n/language-store";
import "../features/menu/menu.css";

/** Menu with categories (spec §2): the category filter arrives with the cart rules; for now a list to jump to. */
export const Route = createFileRoute("/$service/$tableId/categories")({
  staticData: { screen: "menu-with-categories" },
  component: CategoriesPage,
});

function CategoriesPage() {
  const { t } = useLingui();
  const { table, service, menu } = serviceMenuRoute.useLoaderData();
  const language = useLanguage();
  const sections = menuSections(menu);
  const params = { service: service.slug, tableId: table.spot.id };
  usePageTitle(t`Categories`);

  if (sections.length === 0) {
    return (
      <EmptyStatePage
        title={t`Categories`}
        art="search"
        heading={<Trans>No categories yet</Trans>}
        body={<Trans>The venue has not added any items to this service yet.</Trans>}
      />
    );
  }
  return (
    <section className="page" aria-labelledby="categories-title">
      <h1 id="categories-title" className="page__title">
        <Trans>Categories</Trans>
      </h1>
      <ul className="category-list">
        {sections.map(({ category, items }) => (
          <li key={category.id}>
            <Link to="/$service/$tableId" params={params} hash={`category-${category.id}`}>
              {pickTranslation(category.names, language.ui, language.extra).name} ({items.length})
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
