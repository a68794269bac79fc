/**
 * Hosts the item modal for the screens of a service. The modal with XState, its machine and
 * Dexie is loaded when the guest first opens an item, not with the menu (its chunk is precached
 * by the service worker, so it opens offline too). After an add or update, a polite live region
 * tells screen-reader users what happened, since the modal that had focus is gone. The phone's
 * back button closes the modal (use-back-closes.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, Suspense, useMemo, useState } from "react";
import { lazyWithScreens } from "../../i18n/lazy-with-screens";
import type { ServiceMenuData } from "../../venue/load-venue";
import { ErrorBoundary } from "../shell/ErrorBoundary";
import { useBackButtonCloses } from "../shell/use-back-closes";
import { type ItemModalApi, ItemModalContext, type ItemModalRequest } from "./item-modal-context";
import { logItemOpened } from "./log-item-opened";
import "./item-modal-host.css";

const ItemModal = lazyWithScreens(() => import("./ItemModal"));

interface ItemModalProviderProps {
  venue: ServiceMenuData;
  children: ReactNode;
}

export function ItemModalProvider({ venue, children }: ItemModalProviderProps) {
  const [request, setRequest] = useState<ItemModalRequest | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const storeId = venue.table.store.storeId;
  const api = useMemo<ItemModalApi>(
    () => ({
      openItem: (item) => {
        setAnnouncement("");
        setRequest({ mode: "add", item });
        logItemOpened(item.id, storeId);
      },
      openLine: (line) => {
        setAnnouncement("");
        setRequest({ mode: "edit", line });
      },
    }),
    [storeId],
  );
  const close = () => setRequest(null);
  useBackButtonCloses(request !== null, close);

  return (
    <ItemModalContext.Provider value={api}>
      {children}
      {request && (
        <ErrorBoundary fallback={() => <ItemModalFailed onClose={close} />}>
          <Suspense fallback={<ItemModalLoading />}>
            <ItemModal
              request={request}
              venue={venue}
              onClose={close}
              onDone={(message) => {
                close();
                setAnnouncement(message);
              }}
            />
          </Suspense>
        </ErrorBoundary>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </ItemModalContext.Provider>
  );
}

function ItemModalLoading() {
  return (
    <div className="item-modal-loading" role="status">
      <span className="item-modal-loading__spinner" aria-hidden="true" />
      <Trans>Opening…</Trans>
    </div>
  );
}

/** The modal's code could not be loaded (offline before the service worker had it). */
function ItemModalFailed({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div className="item-modal-loading item-modal-loading--failed" role="alert">
      <p>
        <Trans>This item could not be opened. Check your connection and try again.</Trans>
      </p>
      <button type="button" className="button button--quiet" onClick={onClose} aria-label={t`Close`}>
        <Trans>OK</Trans>
      </button>
    </div>
  );
}
