/**
 * The PDA-first staff shell, shown on a terminal while a waiter or admin of its
 * store is signed in: a strip under the header that always names the store and the waiter, with
 * "Lock" (a quick waiter switch on a shared PDA: the waiter is signed out of this PDA only, their
 * other PDAs keep working, and the PIN pad shows, while the device stays the store's terminal with
 * its PDA spot) and "Sign out" (this PDA only too); and a bottom tab
 * bar, one tap to live orders (with the count of pending orders and guests calling, also in the
 * page title), the kitchen (stores with stations: the count ready to carry), open tables, open
 * rooms (hotels), the store's order history and a new order from the PDA spot. A failing station
 * printer is alerted on every screen.
 * Loaded lazily by the root layout, and only on a terminal: guests' phones never download it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { pickTranslation } from "../../../../domain/languages";
import { useLanguage } from "../../../i18n/language-store";
import { signOut } from "../../../session/account-actions";
import type { TerminalSpot } from "../../../session/staff-device";
import { useSession } from "../../../session/use-session";
import { KitchenFeed } from "../../kitchen/KitchenFeed";
import { useKitchenFeed } from "../../kitchen/kitchen-feed-store";
import { PrinterAlert } from "../../kitchen/PrinterAlert";
import { useStoreStations } from "../../kitchen/store-stations";
import type { Screen } from "../../shell/screens";
import { setTitleBadge } from "../../shell/title-badge";
import { LiveOrdersFeed } from "../live/LiveOrdersFeed";
import { useLiveOrders } from "../live/live-orders-store";
import { useWaiterCalls } from "../live/waiter-calls-store";
import { cacheStaffScreens } from "./cache-staff-screens";
import { HeldActions } from "./HeldActions";
import { keepCheckoutOptions } from "./keep-checkout-options";
import { RefusedActions } from "./RefusedActions";
import { type StaffTab, type StaffTabId, showsStaffShell, staffTabs } from "./staff-nav";
import "./staff-shell.css";

interface StaffShellProps {
  terminal: TerminalSpot;
  screen: Screen;
}

export function StaffShell({ terminal, screen }: StaffShellProps) {
  const session = useSession();
  if (!showsStaffShell(session?.user, terminal)) return null;
  return (
    <StaffBars
      terminal={terminal}
      screen={screen}
      waiterName={session?.user.name ?? ""}
      isAdmin={session?.user.role === "ADMIN"}
      userId={session?.user.id ?? 0}
    />
  );
}

function StaffBars({
  terminal,
  screen,
  waiterName,
  isAdmin,
  userId,
}: StaffShellProps & { waiterName: string; isAdmin: boolean; userId: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pending, storeId } = useLiveOrders();
  const waiterCalls = useWaiterCalls();
  // Guests calling count with the pending orders: both wait for a waiter on the same tab.
  const count =
    (storeId === terminal.storeId ? (pending?.length ?? 0) : 0) +
    (waiterCalls.storeId === terminal.storeId ? (waiterCalls.calls?.length ?? 0) : 0);
  const stations = useStoreStations(terminal.storeId);
  const hasStations = stations !== null && stations.length > 0;
  const kitchen = useKitchenFeed();
  const readyCount = kitchen.storeId === terminal.storeId ? (kitchen.ready?.length ?? 0) : 0;
  const tabs = staffTabs(terminal, hasStations);
  const storeName = pickTranslation(terminal.storeNames, language.ui, language.extra).name;

  useEffect(() => {
    setTitleBadge(count);
  }, [count]);
  useEffect(() => {
    // A waiter is signed in on this terminal: the staff screens (not precached) go into the cache.
    void cacheStaffScreens();
  }, []);
  const pdaSpotId = terminal.spotId;
  useEffect(() => {
    // ...and the table picker's floor is kept, so a new order can be taken offline (offline now: next sign-in).
    keepCheckoutOptions({ spotId: pdaSpotId }).catch(() => undefined);
  }, [pdaSpotId]);
  useEffect(() => {
    document.body.classList.add("has-staff-tabs");
    return () => {
      document.body.classList.remove("has-staff-tabs");
      setTitleBadge(0);
    };
  }, []);

  const lock = async () => {
    await signOut();
    await navigate({ to: "/pin" });
  };
  const leave = async () => {
    await signOut();
    await navigate({ to: "/menu/$tableId", params: { tableId: terminal.spotId } });
  };

  return (
    <>
      {/* The live orders screen keeps its own feed; elsewhere the shell keeps the badge and the alert live.
          Not on a kitchen display: its tablet beeps for tickets, and a waiter's new-order tone there would only confuse the cooks. */}
      {screen !== "order-change-status" && screen !== "kitchen-display" && (
        <LiveOrdersFeed storeId={terminal.storeId} />
      )}
      {/* Likewise the kitchen tab keeps its own feed of what is ready, which the badge and the printer alert read. */}
      {hasStations && screen !== "kitchen" && <KitchenFeed storeId={terminal.storeId} stations={stations} />}
      <div className="staff-strip">
        <p className="staff-strip__who">
          <span className="staff-strip__store">{storeName}</span>
          {waiterName !== "" && <span className="staff-strip__waiter">{waiterName}</span>}
        </p>
        {/* Icons, so the store and waiter names keep the width of a 360px screen; the names stay for screen readers and as tooltips. */}
        {/* Admins reach their screen (login links for waiters' PDAs, admin accounts, alerts) from any staff screen. */}
        {isAdmin && (
          <Link to="/staff-admin" className="staff-strip__button" title={t`Store admin`}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path
                d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
            <span className="visually-hidden">
              <Trans>Store admin</Trans>
            </span>
          </Link>
        )}
        <button type="button" className="staff-strip__button" title={t`Lock`} onClick={() => void lock()}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2.2" />
          </svg>
          <span className="visually-hidden">
            <Trans>Lock</Trans>
          </span>
        </button>
        <button type="button" className="staff-strip__button" title={t`Sign out`} onClick={() => void leave()}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M14 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h8M10 12h10m-3-3 3 3-3 3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="visually-hidden">
            <Trans>Sign out</Trans>
          </span>
        </button>
      </div>
      <RefusedActions />
      {hasStations && <PrinterAlert storeId={terminal.storeId} stations={stations} />}
      <HeldActions userId={userId} />
      <nav className="staff-tabs" aria-label={t`Staff tabs`}>
        <ul className={tabListClass(tabs.length)}>
          {tabs.map((tab) => (
            <li key={tab.id}>
              <TabLink tab={tab} current={tab.screens.includes(screen)}>
                <TabIcon id={tab.id} />
                <span className="staff-tabs__label">
                  <TabLabel id={tab.id} />
                </span>
                {tab.id === "orders" && count > 0 && (
                  <span className="staff-tabs__badge" data-testid="pending-orders-badge">
                    <span className="visually-hidden">
                      <Trans>pending:</Trans>{" "}
                    </span>
                    {count}
                  </span>
                )}
                {tab.id === "kitchen" && readyCount > 0 && (
                  <span className="staff-tabs__badge staff-tabs__badge--ready" data-testid="ready-tickets-badge">
                    <span className="visually-hidden">
                      <Trans>ready to carry:</Trans>{" "}
                    </span>
                    {readyCount}
                  </span>
                )}
              </TabLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Six tabs or more keep whole words; seven (a hotel with a kitchen) also take a smaller label, to fit 360 px. */
function tabListClass(count: number): string {
  if (count > 6) return "staff-tabs__list staff-tabs__list--crowded staff-tabs__list--packed";
  return count > 5 ? "staff-tabs__list staff-tabs__list--crowded" : "staff-tabs__list";
}

function TabLink({ tab, current, children }: { tab: StaffTab; current: boolean; children: ReactNode }) {
  const className = current ? "staff-tabs__tab staff-tabs__tab--current" : "staff-tabs__tab";
  // One Link per kind of target keeps TanStack's typed params checked.
  if (tab.id === "orders") {
    return (
      <Link to={tab.to} className={className} aria-current={current ? "page" : undefined}>
        {children}
      </Link>
    );
  }
  if (tab.id === "new-order") {
    return (
      <Link to={tab.to} params={tab.params} className={className} aria-current={current ? "page" : undefined}>
        {children}
      </Link>
    );
  }
  return (
    <Link to={tab.to} params={tab.params} className={className} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}

/** Simple line icons, so a tab is recognised at a glance in the sun; the label names it. */
const TAB_ICON_PATHS: Record<StaffTabId, string> = {
  orders: "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6",
  // A service bell: what the pass rings when a dish is ready.
  kitchen: "M3 18h18M5 18a7 7 0 0 1 14 0M12 11V9M10 7h4",
  tables: "M3 9h18M6 9v11M18 9v11M8 5h8",
  rooms: "M3 20V6h10v14M13 10h8v10M6 10h2M6 14h2M16 14h2",
  history: "M12 7v5l3 2M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4",
  // A box on a shelf: what is left.
  stock: "M4 20h16M6 16V8l6-3 6 3v8zM6 8l6 3 6-3M12 11v5",
  "new-order": "M12 5v14M5 12h14",
};

function TabIcon({ id }: { id: StaffTabId }) {
  return (
    <svg className="staff-tabs__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={TAB_ICON_PATHS[id]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function TabLabel({ id }: { id: StaffTabId }) {
  switch (id) {
    case "orders":
      return <Trans>Orders</Trans>;
    case "kitchen":
      return <Trans>Kitchen</Trans>;
    case "tables":
      return <Trans>Tables</Trans>;
    case "rooms":
      return <Trans>Rooms</Trans>;
    case "history":
      return <Trans>History</Trans>;
    case "stock":
      return <Trans>Stock</Trans>;
    case "new-order":
      return <Trans>New order</Trans>;
  }
}
