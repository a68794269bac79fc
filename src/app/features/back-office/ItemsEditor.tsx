/**
 * The back office's items: the store's services, categories and items as staff edit them (GET
 * .../catalogue), a search box, and the chosen item's form beside the list (two columns from 900 px,
 * one below the other under that). With no search typed, the categories of a service and the items of
 * a category are put in order by dragging or from the keyboard (SortableList.tsx); a new order goes
 * with the version of the category or service, and one the server refuses or never answers gives
 * the list back as the server has it, saying so. Each category's "Edit category" opens its form
 * (CategoryForm.tsx) where an item's form goes. Leaving an item or a category, the screen or the
 * page with unsaved changes asks first: what was typed is never lost unseen.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useMemo, useRef, useState } from "react";
import { LANGUAGES, type Language, UI_LANGUAGES } from "../../../domain/languages";
import type {
  EditableCategory,
  StaffCatalogue,
  StaffCatalogueCategory,
  StaffCatalogueItem,
  StaffCatalogueService,
} from "../../../domain/staff-catalogue-api";
import type { ErrorText } from "../../api/error-catalogue";
import { AccountMessage } from "../entrance/AccountMessage";
import { fetchStaffCatalogue, saveCategoryOrder, saveItemOrder } from "./back-office-api";
import { CategoryForm } from "./CategoryForm";
import { ItemForm } from "./ItemForm";
import { ItemGroupsEditor } from "./ItemGroupsEditor";
import { ReadPending } from "./ReadPending";
import { SortableList } from "./SortableList";
import { SaveKeys } from "./save-keys";
import { readSaveFailure } from "./save-outcome";
import { useLeaveGuard, useStaffCatalogue } from "./use-staff-catalogue";

export function ItemsEditor({ storeId }: { storeId: number }) {
  const { t, i18n } = useLingui();
  const ui = i18n.locale === "el" ? "GRE" : "ENG";
  const { catalogue, setCatalogue, loadError, load } = useStaffCatalogue(storeId);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  const [selectedCategory, setSelectedCategory] = useState<number | null>(null);
  const [formDirty, setDirty] = useState(false);
  const [groupsDirty, setGroupsDirty] = useState(false);
  const dirty = formDirty || groupsDirty;
  const [orderNotice, setOrderNotice] = useState<{ tone: "error" | "success"; text: ErrorText } | null>(null);
  const [ordering, setOrdering] = useState(false);
  const orderKeys = useRef(new SaveKeys());
  const { mayLeave } = useLeaveGuard(dirty);

  const languages = useMemo(() => languagesOf(catalogue), [catalogue]);
  const items = useMemo(
    () => catalogue?.services.flatMap((s) => s.categories.flatMap((c) => c.items)) ?? [],
    [catalogue],
  );
  const item = items.find((candidate) => candidate.itemId === selected) ?? null;
  const categories = useMemo(() => catalogue?.services.flatMap((s) => s.categories) ?? [], [catalogue]);
  const category = categories.find((candidate) => candidate.categoryId === selectedCategory) ?? null;

  const replaceCategory = useCallback(
    (changed: EditableCategory) => {
      setCatalogue((shown) => {
        const stored = shown?.services
          .flatMap((s) => s.categories)
          .find((candidate) => candidate.categoryId === changed.categoryId);
        return shown && stored ? withCategory(shown, { ...stored, ...changed }) : shown;
      });
    },
    [setCatalogue],
  );

  const readCurrentCategory = useCallback(async () => {
    const fresh = await fetchStaffCatalogue(storeId);
    return fresh.services.flatMap((s) => s.categories).find((c) => c.categoryId === selectedCategory) ?? null;
  }, [storeId, selectedCategory]);

  const replaceItem = useCallback(
    (changed: StaffCatalogueItem) => {
      setCatalogue((shown) => shown && withItem(shown, changed));
    },
    [setCatalogue],
  );

  const readCurrent = useCallback(async () => {
    const fresh = await fetchStaffCatalogue(storeId);
    const latest = fresh.services
      .flatMap((s) => s.categories.flatMap((c) => c.items))
      .find((candidate) => candidate.itemId === selected);
    return latest ?? null;
  }, [storeId, selected]);

  /**
   * One new order: shown at once, sent with the version it was made on; refused or unanswered, the
   * catalogue is read again so the list is the server's, and the admin is told.
   */
  async function saveOrder(kind: string, body: unknown, shown: StaffCatalogue, send: (key: string) => Promise<void>) {
    setOrdering(true);
    setOrderNotice(null);
    setCatalogue(shown);
    try {
      await send(orderKeys.current.keyFor(kind, body));
      orderKeys.current.forget(kind);
      setOrderNotice({ tone: "success", text: { verbatim: t`New order saved.` } });
    } catch (thrown) {
      const failure = await readSaveFailure(thrown, "");
      if (failure.kind !== "unanswered") orderKeys.current.forget(kind);
      setOrderNotice({
        tone: "error",
        text: { verbatim: t`The new order was not saved: here is the order as the server has it.` },
      });
      await load();
    } finally {
      setOrdering(false);
    }
  }

  function reorderItems(category: StaffCatalogueCategory, itemIds: number[]) {
    const order = { version: category.version, itemIds };
    const byId = new Map(category.items.map((candidate) => [candidate.itemId, candidate]));
    const items = itemIds.flatMap((itemId) => byId.get(itemId) ?? []);
    const shown = catalogue && withCategory(catalogue, { ...category, items });
    if (shown === null) return;
    void saveOrder(`items-${category.categoryId}`, order, shown, async (key) => {
      const stored = await saveItemOrder(storeId, category.categoryId, order, key);
      setCatalogue((now) => now && withCategory(now, { ...category, items, version: stored.version }));
    });
  }

  function reorderCategories(service: StaffCatalogueService, categoryIds: number[]) {
    const order = { version: service.version, categoryIds };
    const byId = new Map(service.categories.map((category) => [category.categoryId, category]));
    const categories = categoryIds.flatMap((categoryId) => byId.get(categoryId) ?? []);
    const shown = catalogue && withService(catalogue, { ...service, categories });
    if (shown === null) return;
    void saveOrder(`categories-${service.serviceId}`, order, shown, async (key) => {
      const stored = await saveCategoryOrder(storeId, service.serviceId, order, key);
      setCatalogue((now) => {
        const current = now?.services.find((candidate) => candidate.serviceId === service.serviceId);
        return now && current ? withService(now, { ...current, version: stored.version }) : now;
      });
    });
  }

  function choose(itemId: number) {
    if (itemId === selected) return;
    if (!mayLeave()) return;
    setDirty(false);
    setGroupsDirty(false);
    setSelectedCategory(null);
    setSelected(itemId);
  }

  function chooseCategory(categoryId: number) {
    if (categoryId === selectedCategory) return;
    if (!mayLeave()) return;
    setDirty(false);
    setGroupsDirty(false);
    setSelected(null);
    setSelectedCategory(categoryId);
  }

  if (catalogue === null) {
    return <ReadPending error={loadError} onRetry={() => void load()} />;
  }

  const needle = search.trim().toLocaleLowerCase();
  const matches = (candidate: StaffCatalogueItem) =>
    needle === "" || LANGUAGES.some((language) => candidate.names[language]?.name.toLocaleLowerCase().includes(needle));

  const itemButton = (candidate: StaffCatalogueItem) => (
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
  );

  return (
    <div className="back-office__columns">
      <nav className="back-office__list" aria-label={t`Items`}>
        <AccountMessage message={orderNotice} />
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
              {needle === "" && service.categories.length > 1 && (
                <details className="back-office__order">
                  <summary id={`service-${service.serviceId}-order`}>
                    <Trans>Order of the categories</Trans>
                  </summary>
                  <SortableList
                    labelledBy={`service-${service.serviceId}-order`}
                    disabled={ordering}
                    rows={service.categories.map((category) => ({
                      id: category.categoryId,
                      name: category.names[ui].name,
                      content: <span className="back-office__order-name">{category.names[ui].name}</span>,
                    }))}
                    onReorder={(categoryIds) => reorderCategories(service, categoryIds)}
                  />
                </details>
              )}
              {categories.map(({ category, shown }) => {
                const categoryName = category.names[ui].name;
                return (
                  <div key={category.categoryId}>
                    <div className="back-office__category-head">
                      <h3 id={`category-${category.categoryId}`}>{categoryName}</h3>
                      <button
                        type="button"
                        className="button button--quiet"
                        aria-current={category.categoryId === selectedCategory ? "true" : undefined}
                        // The category's name for a screen reader, after the words on the button.
                        aria-label={t`Edit category: ${categoryName}`}
                        onClick={() => chooseCategory(category.categoryId)}
                      >
                        <Trans>Edit category</Trans>
                      </button>
                    </div>
                    {needle === "" ? (
                      <SortableList
                        labelledBy={`category-${category.categoryId}`}
                        disabled={ordering}
                        rows={shown.map((candidate) => ({
                          id: candidate.itemId,
                          name: candidate.names[ui].name,
                          content: itemButton(candidate),
                        }))}
                        onReorder={(itemIds) => reorderItems(category, itemIds)}
                      />
                    ) : (
                      <ul aria-labelledby={`category-${category.categoryId}`}>
                        {shown.map((candidate) => (
                          <li key={candidate.itemId}>{itemButton(candidate)}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                );
              })}
            </section>
          );
        })}
      </nav>
      <div className="back-office__detail">
        {category !== null ? (
          <CategoryForm
            key={category.categoryId}
            storeId={storeId}
            category={category}
            languages={languages}
            onSaved={replaceCategory}
            onDirtyChange={setDirty}
            readCurrent={readCurrentCategory}
          />
        ) : item === null ? (
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
        {item !== null && (
          <ItemGroupsEditor
            key={`groups-${item.itemId}`}
            storeId={storeId}
            item={item}
            languages={languages}
            onSaved={replaceItem}
            onDirtyChange={setGroupsDirty}
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
      for (const language of LANGUAGES) if (category.names[language] !== undefined) used.add(language);
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

function withCategory(catalogue: StaffCatalogue, changed: StaffCatalogueCategory): StaffCatalogue {
  return {
    ...catalogue,
    services: catalogue.services.map((service) => ({
      ...service,
      categories: service.categories.map((category) =>
        category.categoryId === changed.categoryId ? changed : category,
      ),
    })),
  };
}

function withService(catalogue: StaffCatalogue, changed: StaffCatalogueService): StaffCatalogue {
  return {
    ...catalogue,
    services: catalogue.services.map((service) => (service.serviceId === changed.serviceId ? changed : service)),
  };
}
