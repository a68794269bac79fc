/**
 * The guest's orders (spec §2 history and history-with-entrance; screen title "my orders"): newest
 * first, a page at a time, each with its status and details. Loading, empty and error states; a
 * failed page keeps what is shown and offers to try again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { mayHaveOlderOrders } from "../../../domain/order-history";
import type { OrderDto } from "../../../domain/orders-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { fetchOrderHistory } from "../../api/history-and-reviews";
import { useLanguage } from "../../i18n/language-store";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { ErrorWithRetry } from "./ErrorWithRetry";
import { OrderCard } from "./OrderCard";
import { useLeaveWhenSignedOut } from "./use-leave-when-signed-out";
import "./history.css";
import { TitledPage } from "../shell/TitledPage";

type Page =
  | { state: "loading" }
  | { state: "failed"; error: ErrorText }
  | { state: "ready"; orders: OrderDto[]; more: boolean; loadingMore: boolean; moreError: ErrorText | null };

export function HistoryScreen() {
  const { t } = useLingui();
  const title = t`My orders`;
  const language = useLanguage();
  useLeaveWhenSignedOut();
  const [page, setPage] = useState<Page>({ state: "loading" });

  const loadFirst = useCallback(async (isActive: () => boolean) => {
    setPage({ state: "loading" });
    try {
      const { orders } = await fetchOrderHistory();
      if (isActive()) {
        setPage({
          state: "ready",
          orders,
          more: mayHaveOlderOrders(orders.length),
          loadingMore: false,
          moreError: null,
        });
      }
    } catch (error) {
      if (isActive()) setPage({ state: "failed", error: errorTextOf(error) });
    }
  }, []);

  useEffect(() => {
    let active = true;
    void loadFirst(() => active);
    return () => {
      active = false;
    };
  }, [loadFirst]);

  async function loadOlder(shown: OrderDto[]) {
    setPage((current) => (current.state === "ready" ? { ...current, loadingMore: true, moreError: null } : current));
    try {
      const { orders } = await fetchOrderHistory(shown.at(-1)?.id);
      setPage({
        state: "ready",
        orders: [...shown, ...orders],
        more: mayHaveOlderOrders(orders.length),
        loadingMore: false,
        moreError: null,
      });
    } catch (error) {
      setPage((current) =>
        current.state === "ready" ? { ...current, loadingMore: false, moreError: errorTextOf(error) } : current,
      );
    }
  }

  if (page.state === "ready" && page.orders.length === 0) {
    return (
      <EmptyStatePage
        title={title}
        art="receipt"
        heading={<Trans>No orders yet</Trans>}
        body={<Trans>The orders you place will be listed here, with their status and receipt.</Trans>}
      />
    );
  }

  return (
    <TitledPage title={title} className="history" busy={page.state === "loading"}>
      {page.state === "loading" && <HistorySkeleton />}
      {page.state === "failed" && (
        <ErrorWithRetry error={page.error} onRetry={() => void loadFirst(() => true)}>
          <Trans>Your orders could not be loaded.</Trans>
        </ErrorWithRetry>
      )}
      {page.state === "ready" && (
        <>
          <ol className="history-list">
            {page.orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} language={language} />
              </li>
            ))}
          </ol>
          {page.moreError && (
            <ErrorWithRetry error={page.moreError} onRetry={() => void loadOlder(page.orders)}>
              <Trans>Older orders could not be loaded.</Trans>
            </ErrorWithRetry>
          )}
          {page.more && !page.moreError && (
            <button
              type="button"
              className="button button--quiet history-more"
              disabled={page.loadingMore}
              onClick={() => void loadOlder(page.orders)}
            >
              <Trans>Show older orders</Trans>
            </button>
          )}
        </>
      )}
    </TitledPage>
  );
}

function HistorySkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading your orders`}>
      {[0, 1, 2].map((index) => (
        <div key={index} className="card history-skeleton" aria-hidden="true">
          <div className="skeleton skeleton--heading" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}
