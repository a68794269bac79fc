/**
 * The back office's items: the store's services, categories and items as staff edit them (GET
 * .../catalogue), a search box, and the chosen item's form beside the list (two columns from 900 px,
 * one below the other under that). Leaving an item, the screen or the page with unsaved changes
 * asks first: what was typed is never lost unseen.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useBlocker } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { LANGUAGES, type Language, UI_LANGUAGES } from "../../../domain/languages";
import type { StaffCatalogue, StaffCatalogueItem } from "../../../domain/staff-catalogue-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { AccountMessage } from "../entrance/AccountMessage";
import { fetchStaffCatalogue } from "./back-office-api";
import { ItemForm } from "./ItemForm";

export function ItemsEditor({ storeId }: { storeId: number }) {
  const { t, i18n } = useLingui();
  const ui = i18n.locale === "el" ? "GRE" : "ENG";
  const [catalogue, setCatalogue] = useState<StaffCatalogue | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const leaveText = t`You have unsaved changes. Leave without saving them?`;

  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(leaveText),
    enableBeforeUnload: () => dirty,
  });

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setCatalogue(await fetchStaffCatalogue(storeId));
    } catch (error) {
      setLoadError(errorTextOf(error));
    }
  }, [storeId]);

  useEffect(() => {
    void load();
  }, [load]);

  const languages = useMemo(() => languagesOf(catalogue), [catalogue]);
  const items = useMemo(
    () => catalogue?.services.flatMap((s) => s.categories.flatMap((c) => c.items)) ?? [],
    [catalogue],
  );
  const item = items.find((candidate) => candidate.itemId === selected) ?? null;

  const replaceItem = useCallback((changed: StaffCatalogueItem) => {
    setCatalogue((shown) => shown && withItem(shown, changed));
  }, []);

  const readCurrent = useCallback(async () => {
    const fresh = await fetchStaffCatalogue(storeId);
    const latest = fresh.services
      .flatMap((s) => s.categories.flatMap((c) => c.items))
      .find((candidate) => candidate.itemId === selected);
    return latest ?? null;
  }, [storeId, selected]);

  function choose(itemId: number) {
    if (itemId === selected) return;
    if (dirty && !window.confirm(leaveText)) return;
    setDirty(false);
    setSelected(itemId);
  }

  if (catalogue === null) {
    return (
      <div aria-busy={loadError === null}>
        {loadError === null ? (
          <p>
            <Trans>Loading…</Trans>
          </p>
        ) : (
          <>
            <AccountMessage message={{ tone: "error", text: loadError }} />
            <button type="button" className="button" onClick={() => void load()}>
              <Trans>Try again</Trans>
            </button>
          </>
        )}
      </div>
    );
  }

  const needle = search.trim().toLocaleLowerCase();
  const matches = (candidate: StaffCatalogueItem) =>
    needle === "" || LANGUAGES.some((language) => candidate.names[language]?.name.toLocaleLowerCase().includes(needle));

  return (
    <div className="back-office__columns">
      <nav className="back-office__list" aria-label={t`Items`}>
        <label htmlFor="back-office-search">
          <Trans>Search items</Trans>
        </label>
        <input
          id="back-office-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {catalogue.services.map((service) => {
          const categories = service.categories
            .map((category) => ({ category, shown: category.items.filter(matches) }))
            .filter(({ shown }) => shown.length > 0);
          if (categories.length === 0) return null;
          return (
            <section key={service.serviceId} aria-labelledby={`service-${service.serviceId}`}>
              <h2 id={`service-${service.serviceId}`}>{service.names[ui].name}</h2>
              {categories.map(({ category, shown }) => (
                <div key={category.categoryId}>
                  <h3 id={`category-${category.categoryId}`}>{category.names[ui].name}</h3>
                  <ul aria-labelledby={`category-${category.categoryId}`}>
                    {shown.map((candidate) => (
                      <li key={candidate.itemId}>
                        <button
                          type="button"
                          className="back-office__item-button"
                          aria-current={candidate.itemId === selected ? "true" : undefined}
                          onClick={() => choose(candidate.itemId)}
                        >
                          {candidate.names[ui].name}
                          {candidate.stockEnabled && candidate.stockAmount === 0 && (
                            <span className="back-office__badge">
                              {" "}
                              <Trans>sold out</Trans>
                            </span>
                          )}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          );
        })}
      </nav>
      <div className="back-office__detail">
        {item === null ? (
          <p>
            <Trans>Choose an item to change it.</Trans>
          </p>
        ) : (
          <ItemForm
            key={item.itemId}
            storeId={storeId}
            item={item}
            languages={languages}
            onSaved={replaceItem}
            onDirtyChange={setDirty}
            readCurrent={readCurrent}
          />
        )}
      </div>
    </div>
  );
}

/** Greek and English, then every other language the store's items are named in. */
function languagesOf(catalogue: StaffCatalogue | null): Language[] {
  const used = new Set<Language>(UI_LANGUAGES);
  for (const service of catalogue?.services ?? []) {
    for (const category of service.categories) {
      for (const item of category.items) {
        for (const language of LANGUAGES) if (item.names[language] !== undefined) used.add(language);
      }
    }
  }
  return LANGUAGES.filter((language) => used.has(language));
}

function withItem(catalogue: StaffCatalogue, changed: StaffCatalogueItem): StaffCatalogue {
  return {
    ...catalogue,
    services: catalogue.services.map((service) => ({
      ...service,
      categories: service.categories.map((category) => ({
        ...category,
        items: category.items.map((item) => (item.itemId === changed.itemId ? changed : item)),
      })),
    })),
  };
}
