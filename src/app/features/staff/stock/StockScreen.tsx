/**
 * The waiter's Stock view on the PDA: the store's items by service and category, with a search box.
 * One tap on an item's "Sold out" switch marks it sold out or back in stock; "pieces left" counts
 * its stock. Every change goes through the staff-action outbox (stored with its Idempotency-Key,
 * sent once, kept while offline): the row shows the change as waiting until the server answers,
 * and the list is read again then. Offline, the last list read on this device stays on screen.
 * Each service has its pause control (ServicePauseControl.tsx): pause orders now, with a reason
 * guests read, or resume them.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { pickTranslation } from "../../../../domain/languages";
import type { ServicePauseRequest } from "../../../../domain/service-pause-api";
import type {
  ItemStockChange,
  StaffCatalogueItem,
  StaffCatalogueService,
} from "../../../../domain/staff-catalogue-api";
import { fetchStaffCatalogue } from "../../../api/staff-catalogue";
import { appDb, type PendingStaffActionRow } from "../../../db/app-db";
import { formatAthensTime } from "../../../i18n/athens-date-time";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { usePageTitle } from "../../shell/use-page-title";
import { useServerNow } from "../live/server-now";
import { isWaiting, onActionOutcome, submitStaffAction } from "../openings/action-outbox";
import { NotAllowedScreen } from "../openings/NotAllowedScreen";
import { openingErrorText } from "../openings/opening-errors";
import { usePolled } from "../openings/use-polled";
import { useStaffOfStore } from "../openings/use-staff-of-store";
import { ServicePauseControl, type WaitingPause } from "./ServicePauseControl";
import {
  filterCatalogue,
  isSoldOut,
  itemStockPath,
  piecesLeftChange,
  servicePausePath,
  soldOutToggle,
} from "./stock-list";
import "./stock.css";

/** Another waiter's change shows within this, without a reload. */
export const STOCK_REFRESH_MS = 30_000;

interface StockScreenProps {
  storeId: number;
}

type Notice = { tone: "info" | "error"; text: string } | null;

export function StockScreen({ storeId }: StockScreenProps) {
  const access = useStaffOfStore(storeId);
  if (access.kind === "loading") return null;
  if (access.kind === "not-allowed") return <NotAllowedScreen />;
  return <StockBoard storeId={storeId} />;
}

function StockBoard({ storeId }: StockScreenProps) {
  const { t, i18n } = useLingui();
  const { ui } = useLanguage();
  usePageTitle(t`Stock`);
  const load = useCallback(() => fetchStaffCatalogue(storeId), [storeId]);
  // Kept on the device: reloaded offline, the PDA still shows the last known stock.
  const { data, error, offlineSince, reload } = usePolled(load, STOCK_REFRESH_MS, `stock:v1:${storeId}`);
  const pending = useLiveQuery(() => appDb().pendingStaffActions.filter(isWaiting).toArray(), []);
  const [query, setQuery] = useState("");
  const [notice, setNotice] = useState<Notice>(null);
  // A pause ends by itself: the view re-reads the clock so it shows the service open again.
  const now = useServerNow(30_000);

  // A change sent later (back online) ends here too: read the list again, and say a refusal.
  useEffect(
    () =>
      onActionOutcome((row, outcome) => {
        if (row.itemId === undefined && row.serviceId === undefined) return;
        if (outcome.kind === "refused") setNotice({ tone: "error", text: openingErrorText(outcome.error, i18n, ui) });
        void reload();
      }),
    [reload, i18n, ui],
  );

  const setStock = async (item: StaffCatalogueItem, change: ItemStockChange) => {
    setNotice(null);
    const name = pickTranslation(item.names, ui).name;
    const description =
      change.stockEnabled && change.stockAmount === 0
        ? t`Sold out: ${name}`
        : change.stockEnabled
          ? t`${change.stockAmount ?? 0} left: ${name}`
          : t`Back in stock: ${name}`;
    const outcome = await submitStaffAction({
      itemId: item.itemId,
      method: "put",
      action: "stock",
      description,
      path: itemStockPath(storeId, item.itemId),
      body: change,
    });
    if (outcome.kind === "pending") {
      setNotice({ tone: "info", text: t`No connection: it will be sent once, as soon as the connection returns.` });
    }
  };

  const changePause = async (service: StaffCatalogueService, request: ServicePauseRequest | null) => {
    setNotice(null);
    const name = pickTranslation(service.names, ui).name;
    const outcome = await submitStaffAction({
      serviceId: service.serviceId,
      ...(request === null ? { method: "delete" as const } : { method: "put" as const }),
      action: request === null ? "resume" : "pause",
      description: request === null ? t`Orders resumed: ${name}` : t`Orders paused: ${name}`,
      path: servicePausePath(storeId, service.serviceId),
      body: request,
    });
    if (outcome.kind === "pending") {
      setNotice({ tone: "info", text: t`No connection: it will be sent once, as soon as the connection returns.` });
    }
  };

  const shown = data === null ? null : filterCatalogue(data, query);
  const waitingByItem = latestByItem(pending ?? []);
  const waitingByService = latestByService(pending ?? []);
  return (
    <section className="page stock" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Stock</Trans>
      </h1>
      <label className="stock__search">
        <span>
          <Trans>Search items</Trans>
        </span>
        <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      </label>
      {offlineSince !== null && (
        <p className="stock__offline" role="status">
          <Trans>Offline since {formatAthensTime(offlineSince.toISOString(), ui)}: showing the last known stock</Trans>
        </p>
      )}
      <div aria-live="polite">
        {notice !== null && (
          <p className={notice.tone === "error" ? "stock__notice stock__notice--error" : "stock__notice"}>
            {notice.text}
          </p>
        )}
      </div>
      {error !== null && <p role="alert">{openingErrorText(error, i18n, ui)}</p>}
      {data === null && error === null && offlineSince === null && (
        <p aria-busy="true">
          <Trans>Loading items…</Trans>
        </p>
      )}
      {data?.services.every((service) => service.categories.every((c) => c.items.length === 0)) && (
        <p className="card stock__empty">
          <Trans>This store has no items yet.</Trans>
        </p>
      )}
      {shown !== null && shown.services.length === 0 && query.trim() !== "" && data !== null && (
        <p className="card stock__empty" role="status">
          <Trans>No item matches “{query}”.</Trans>
        </p>
      )}
      {shown?.services.map((service) => (
        <section
          key={service.serviceId}
          className="stock__service"
          aria-labelledby={`stock-service-${service.serviceId}`}
        >
          <h2 id={`stock-service-${service.serviceId}`} className="stock__service-title">
            {pickTranslation(service.names, ui).name}
          </h2>
          <ServicePauseControl
            serviceName={pickTranslation(service.names, ui).name}
            pause={data?.services.find((s) => s.serviceId === service.serviceId)?.pause}
            waiting={waitingByService.get(service.serviceId) ?? null}
            nowMs={now}
            onPause={(request) => void changePause(service, request)}
            onResume={() => void changePause(service, null)}
          />
          {service.categories.map((category) => (
            <section key={category.categoryId} className="stock__category">
              <h3 className="stock__category-title">{pickTranslation(category.names, ui).name}</h3>
              <ul className="stock__items">
                {category.items.map((item) => (
                  <StockRow
                    key={item.itemId}
                    item={item}
                    waiting={waitingByItem.get(item.itemId) ?? null}
                    onChange={(change) => void setStock(item, change)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </section>
  );
}

/** The last pause or resume of each service still waiting for the server's answer. */
function latestByService(rows: readonly PendingStaffActionRow[]): Map<number, WaitingPause> {
  const byService = new Map<number, WaitingPause>();
  const oldestFirst = [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const row of oldestFirst) {
    if (row.serviceId === undefined) continue;
    byService.set(
      row.serviceId,
      row.method === "delete" ? { kind: "resume" } : { kind: "pause", request: row.body as ServicePauseRequest },
    );
  }
  return byService;
}

/** The last change of each item still waiting for the server's answer. */
function latestByItem(rows: readonly PendingStaffActionRow[]): Map<number, ItemStockChange> {
  const byItem = new Map<number, ItemStockChange>();
  const oldestFirst = [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const row of oldestFirst) if (row.itemId !== undefined) byItem.set(row.itemId, row.body as ItemStockChange);
  return byItem;
}

interface StockRowProps {
  item: StaffCatalogueItem;
  /** A change not answered yet: shown as what the item will be, marked as waiting. */
  waiting: ItemStockChange | null;
  onChange: (change: ItemStockChange) => void;
}

function StockRow({ item, waiting, onChange }: StockRowProps) {
  const { ui } = useLanguage();
  const fieldId = useId();
  const state = waiting ?? item;
  const soldOut = isSoldOut(state);
  const counted = state.stockEnabled && state.stockAmount !== null ? String(state.stockAmount) : "";
  const [pieces, setPieces] = useState(counted);
  const [invalid, setInvalid] = useState(false);
  // A change from the server (or this PDA's own) shows in the field.
  useEffect(() => {
    setPieces(counted);
    setInvalid(false);
  }, [counted]);
  const name = pickTranslation(item.names, ui).name;
  const isWaitingNow = waiting !== null;

  const submitPieces = (event: FormEvent) => {
    event.preventDefault();
    const change = piecesLeftChange(pieces);
    setInvalid(change === null);
    if (change !== null) onChange(change);
  };

  return (
    <li
      className={soldOut ? "stock-item stock-item--sold-out" : "stock-item"}
      data-testid={`stock-item-${item.itemId}`}
    >
      <p className="stock-item__name">
        <span>{name}</span>
        <span className="stock-item__price">{formatPrice(item.priceCents, ui)}</span>
      </p>
      <button
        type="button"
        className="stock-item__toggle"
        aria-pressed={soldOut}
        disabled={isWaitingNow}
        onClick={() => onChange(soldOutToggle(state))}
      >
        <span className="visually-hidden">{name}: </span>
        <Trans>Sold out</Trans>
      </button>
      <form className="stock-item__pieces" onSubmit={submitPieces} noValidate>
        <label htmlFor={fieldId}>
          <Trans>Pieces left</Trans>
          <span className="visually-hidden">: {name}</span>
        </label>
        <input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={0}
          max={1_000_000}
          step={1}
          value={pieces}
          aria-invalid={invalid || undefined}
          disabled={isWaitingNow}
          onChange={(event) => setPieces(event.target.value)}
        />
        <button type="submit" className="button button--quiet" disabled={isWaitingNow}>
          <Trans>Set</Trans>
          <span className="visually-hidden">: {name}</span>
        </button>
      </form>
      {invalid && (
        <p className="stock-item__error" role="alert">
          <Trans>Type a whole number of pieces (0 for sold out), or leave it empty to stop counting.</Trans>
        </p>
      )}
      {isWaitingNow && (
        <p className="stock-item__waiting" role="status">
          <Trans>Waiting to be sent…</Trans>
        </p>
      )}
    </li>
  );
}
