/**
 * The store's order history (spec §2 store-order-history): the store's orders of one Athens day
 * (today unless the day picker goes back), newest first, filtered by spot and status or found by
 * daily number; each row opens its details. Pages of orders are read with the server's cursor
 * ("Show older orders"). Staff of this store only. Laid out for a 360 px PDA: the day is also
 * written out in the UI language beside its date input, which speaks the browser's language.
 */
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { LanguageState } from "../../../../domain/language-choice";
import { pickTranslation } from "../../../../domain/languages";
import type { OrderStatus } from "../../../../domain/orders-api";
import { isCalendarDay } from "../../../../domain/staff-history";
import type { StaffOrderDto, StoreOrdersPage, StoreOrdersQuery } from "../../../../domain/staff-history-api";
import { type ErrorText, errorTextOf } from "../../../api/error-catalogue";
import { fetchStoreOrders } from "../../../api/staff-history";
import { formatAthensTime } from "../../../i18n/athens-date-time";
import { formatDayWithWeekday } from "../../../i18n/day-with-weekday";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { ErrorWithRetry } from "../../history/ErrorWithRetry";
import { ORDER_STATUS_TEXT, statusTone } from "../../history/order-status-text";
import { MemberMark } from "../../shell/OrderMarks";
import { usePageTitle } from "../../shell/use-page-title";
import { NotAllowedScreen } from "../openings/NotAllowedScreen";
import { useStaffOfStore } from "../openings/use-staff-of-store";
import { OrderLinkButton } from "./OrderLinkButton";
import { StaffOrderDetails } from "./StaffOrderDetails";
import "../../history/history.css";
import "./staff-history.css";

interface StoreHistoryScreenProps {
  storeId: number;
  /** The terminal's own spot (the PDA link it was opened from). */
  tableId: number;
}

export function StoreHistoryScreen({ storeId }: StoreHistoryScreenProps) {
  const access = useStaffOfStore(storeId);
  if (access.kind === "loading") return null;
  if (access.kind === "not-allowed") return <NotAllowedScreen />;
  return <StoreHistory storeId={storeId} />;
}

type Filters = Pick<StoreOrdersQuery, "day" | "status" | "spotId" | "dailyNumber">;

type Loaded = {
  athensDay: string;
  orders: StaffOrderDto[];
  nextCursor: number | null;
  spots: StoreOrdersPage["spots"];
};

type ListState =
  | { kind: "loading" }
  | { kind: "error"; error: ErrorText }
  | { kind: "ready"; loaded: Loaded; more: "idle" | "loading" | ErrorText };

function StoreHistory({ storeId }: { storeId: number }) {
  const { t } = useLinguiMacro();
  const language = useLanguage();
  usePageTitle(t`Order history`);
  const [filters, setFilters] = useState<Filters>({});
  const [state, setState] = useState<ListState>({ kind: "loading" });
  const [spots, setSpots] = useState<StoreOrdersPage["spots"]>([]);
  // Only the answer to the latest filters may land (a slow old answer must not replace it).
  const generation = useRef(0);

  const loadFirst = useCallback(async () => {
    const mine = ++generation.current;
    setState({ kind: "loading" });
    try {
      const page = await fetchStoreOrders(storeId, filters);
      if (mine !== generation.current) return;
      setSpots(page.spots);
      setState({ kind: "ready", loaded: page, more: "idle" });
    } catch (error) {
      if (mine === generation.current) setState({ kind: "error", error: errorTextOf(error) });
    }
  }, [storeId, filters]);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  async function loadMore(loaded: Loaded) {
    if (loaded.nextCursor === null) return;
    const mine = generation.current;
    setState({ kind: "ready", loaded, more: "loading" });
    try {
      const page = await fetchStoreOrders(storeId, { ...filters, day: loaded.athensDay, cursor: loaded.nextCursor });
      if (mine !== generation.current) return;
      setState({
        kind: "ready",
        loaded: { ...loaded, orders: [...loaded.orders, ...page.orders], nextCursor: page.nextCursor },
        more: "idle",
      });
    } catch (error) {
      if (mine === generation.current) setState({ kind: "ready", loaded, more: errorTextOf(error) });
    }
  }

  const shownDay = filters.day ?? (state.kind === "ready" ? state.loaded.athensDay : undefined);
  const shownDayText = state.kind === "ready" ? formatDayWithWeekday(state.loaded.athensDay, language.ui) : "";
  return (
    <section className="page staff-history" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Order history</Trans>
      </h1>
      <HistoryFilters filters={filters} shownDay={shownDay} spots={spots} language={language} onChange={setFilters} />
      {state.kind === "loading" && (
        <p aria-busy="true" role="status">
          <Trans>Loading orders…</Trans>
        </p>
      )}
      {state.kind === "error" && (
        <ErrorWithRetry error={state.error} onRetry={() => void loadFirst()}>
          <Trans>The orders could not be loaded.</Trans>
        </ErrorWithRetry>
      )}
      {state.kind === "ready" && state.loaded.orders.length === 0 && (
        <p className="card staff-history__empty" role="status">
          {hasFilters(filters) ? (
            <Trans>No orders match these filters on this day.</Trans>
          ) : (
            <Trans>No orders on this day.</Trans>
          )}
        </p>
      )}
      {state.kind === "ready" && state.loaded.orders.length > 0 && (
        <>
          <ul className="staff-history__list" aria-label={t`Orders of ${shownDayText}`}>
            {state.loaded.orders.map((order) => (
              <li key={order.id}>
                <HistoryRow order={order} language={language} />
              </li>
            ))}
          </ul>
          {state.more !== "idle" && state.more !== "loading" && (
            <ErrorWithRetry error={state.more} onRetry={() => void loadMore(state.loaded)}>
              <Trans>Older orders could not be loaded.</Trans>
            </ErrorWithRetry>
          )}
          {state.loaded.nextCursor !== null && state.more === "idle" && (
            <div className="staff-history__more">
              <button type="button" className="button button--quiet" onClick={() => void loadMore(state.loaded)}>
                <Trans>Show older orders</Trans>
              </button>
            </div>
          )}
          {state.more === "loading" && (
            <p aria-busy="true" role="status">
              <Trans>Loading orders…</Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Every status, in the catalogue's order (orders-api.ts is a schema module: types only in the app). */
const STATUSES = Object.keys(ORDER_STATUS_TEXT) as OrderStatus[];

function hasFilters(filters: Filters): boolean {
  return filters.status !== undefined || filters.spotId !== undefined || filters.dailyNumber !== undefined;
}

function HistoryFilters({
  filters,
  shownDay,
  spots,
  language,
  onChange,
}: {
  filters: Filters;
  shownDay: string | undefined;
  spots: StoreOrdersPage["spots"];
  language: LanguageState;
  onChange: (filters: Filters) => void;
}) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [number, setNumber] = useState(filters.dailyNumber === undefined ? "" : String(filters.dailyNumber));
  const ids = useId();

  function search(event: FormEvent) {
    event.preventDefault();
    const trimmed = number.trim();
    const parsed = /^[1-9][0-9]{0,5}$/.test(trimmed) ? Number(trimmed) : undefined;
    onChange({ ...filters, dailyNumber: parsed });
  }

  const dayTextId = `${ids}-day-text`;
  return (
    <div className="staff-history__filters">
      {/* The day in the UI language below the input (which writes it in the browser's), and as its description. */}
      <div className="staff-history__field staff-history__field--day">
        <label htmlFor={`${ids}-day`}>
          <Trans>Day</Trans>
        </label>
        <input
          id={`${ids}-day`}
          type="date"
          value={shownDay ?? ""}
          aria-describedby={shownDay === undefined ? undefined : dayTextId}
          onChange={(event) => {
            const day = event.target.value;
            if (isCalendarDay(day)) onChange({ ...filters, day });
          }}
        />
        {shownDay !== undefined && (
          <span id={dayTextId} className="staff-history__day-text" data-testid="history-day">
            {formatDayWithWeekday(shownDay, language.ui)}
          </span>
        )}
      </div>
      <div className="staff-history__field staff-history__field--spot">
        <label htmlFor={`${ids}-spot`}>
          <Trans>Spot</Trans>
        </label>
        <select
          id={`${ids}-spot`}
          value={filters.spotId === undefined ? "" : String(filters.spotId)}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...filters, spotId: value === "" ? undefined : Number(value) });
          }}
        >
          <option value="">{t`All spots`}</option>
          {spots.map((spot) => (
            <option key={spot.id} value={spot.id}>
              {pickTranslation(spot.names, language.ui).name}
            </option>
          ))}
        </select>
      </div>
      {/* The whole width: a status's name ("Όλες οι καταστάσεις", "Αναμονή αποδοχής") fits uncut on a 360 px PDA. */}
      <div className="staff-history__field staff-history__field--status">
        <label htmlFor={`${ids}-status`}>
          <Trans>Status</Trans>
        </label>
        <select
          id={`${ids}-status`}
          value={filters.status ?? ""}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...filters, status: value === "" ? undefined : (value as OrderStatus) });
          }}
        >
          <option value="">{t`All statuses`}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(ORDER_STATUS_TEXT[status])}
            </option>
          ))}
        </select>
      </div>
      <form className="staff-history__search" aria-label={t`Find an order by its number`} onSubmit={search}>
        <label htmlFor={`${ids}-number`}>
          <Trans>Order number</Trans>
          <input
            id={`${ids}-number`}
            type="search"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          <Trans>Find</Trans>
        </button>
      </form>
    </div>
  );
}

function HistoryRow({ order, language }: { order: StaffOrderDto; language: LanguageState }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const spot = pickTranslation(order.spotNames, language.ui).name;
  return (
    <>
      <button
        type="button"
        className="staff-history__row"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="staff-history__number">#{order.dailyNumber}</span>
        <span className="staff-history__where">
          {spot}
          {order.memberPrices === true && (
            <>
              {" "}
              <MemberMark />
            </>
          )}
        </span>
        <span className="staff-history__total">{formatPrice(order.totals.totalCents, language.ui)}</span>
        <span className="staff-history__meta">
          <span>{formatAthensTime(order.createdAt, language.ui)}</span>
          <span className={`order-card__status order-card__status--${statusTone(order.status)}`}>
            {i18n._(ORDER_STATUS_TEXT[order.status])}
          </span>
        </span>
      </button>
      {open && (
        <div id={panelId} className="staff-history__panel">
          <StaffOrderDetails order={order} language={language} />
          <OrderLinkButton orderId={order.id} />
        </div>
      )}
    </>
  );
}
