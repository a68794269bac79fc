import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { MenuItemList } from "../features/menu/MenuItemList";
import { searchItems } from "../features/menu/menu-sections";
import { serviceMenuRoute } from "../features/menu/service-menu-route";
import { useMenuView } from "../features/menu/use-menu-view";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import "../features/menu/menu.css";

interface SearchParams {
  q: string;
}

/**
 * Search in the service's menu (the spec's "search" route; its path is ours:
 * /:service/:tableId/search?q=): items by name in the language the menu is shown in.
 */
export const Route = createFileRoute("/$service/$tableId/search")({
  validateSearch: (search: Record<string, unknown>): SearchParams => ({
    q: typeof search.q === "string" || typeof search.q === "number" ? String(search.q).slice(0, 100) : "",
  }),
  staticData: { screen: "search" },
  component: SearchPage,
});

function SearchPage() {
  const { t } = useLingui();
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { table, service, menu } = serviceMenuRoute.useLoaderData();
  const view = useMenuView({ table, service });
  const results = searchItems(menu.items, q, view.language.ui, view.language.extra);

  return (
    <EmptyStatePage
      title={t`Search`}
      art="search"
      heading={q.trim() ? <Trans>Nothing found for “{q}”</Trans> : <Trans>Search the menu</Trans>}
      body={
        q.trim() ? (
          <Trans>Try another word, or browse the categories of the menu.</Trans>
        ) : (
          <Trans>Type the name of a dish or a drink.</Trans>
        )
      }
      results={
        results.length > 0 && (
          <MenuItemList
            items={results}
            language={view.language}
            pricing={view.pricing}
            showPhotos={view.showPhotos}
            orderable={view.orderable}
            className="search-results"
            label={t`Results`}
          />
        )
      }
    >
      <search>
        <form className="search-field" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="menu-search">
            <Trans>Search the menu</Trans>
          </label>
          <input
            id="menu-search"
            type="search"
            value={q}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => void navigate({ search: { q: event.target.value }, replace: true })}
          />
        </form>
      </search>
    </EmptyStatePage>
  );
}
