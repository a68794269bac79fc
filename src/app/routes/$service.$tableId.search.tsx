import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { MenuItemCard } from "../features/menu/MenuItemCard";
import { searchItems } from "../features/menu/menu-sections";
import { serviceMenuRoute } from "../features/menu/service-menu-route";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";
import { useLanguage } from "../i18n/language-store";
import "../features/menu/menu.css";

interface SearchParams {
  q: string;
}

/** Search in the service's menu (the spec's "search" route; its path is ours: /:service/:tableId/search?q=). */
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
  const { service, menu } = serviceMenuRoute.useLoaderData();
  const language = useLanguage();
  const results = searchItems(menu.items, q, language.ui, language.extra);

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
          <ul className="menu__items search-results" aria-label={t`Results`}>
            {results.map((item) => (
              <li key={item.id}>
                <MenuItemCard item={item} language={language} showPhoto={!service.hidePhotosOfItems} />
              </li>
            ))}
          </ul>
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
