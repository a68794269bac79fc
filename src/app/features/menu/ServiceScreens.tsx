/**
 * What every screen of a service shares (the /:service/:tableId layout): the item modal host and,
 * on the menu screens, the cart bar. The cart bar reads the cart from IndexedDB, so it and Dexie
 * are loaded after the menu has painted, not with it. While any of its screens is open, the menu
 * follows the store's catalogue live (use-live-catalogue.ts): a change reloads this layout's data
 * with a fresh read of the menu, and every screen below shows it.
 */
import { useRouter } from "@tanstack/react-router";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { APP_DB_NAME, useDatabaseExists } from "../../db/stored-databases";
import { lazyWithScreens } from "../../i18n/lazy-with-screens";
import { readMenuFreshly, type ServiceMenuData } from "../../venue/load-venue";
import { ItemModalProvider } from "../item/ItemModalProvider";
import { ErrorBoundary } from "../shell/ErrorBoundary";
import { screenFamily } from "../shell/screens";
import { useCurrentScreen } from "../shell/use-shell-route";
import { useLiveCatalogue } from "./use-live-catalogue";

const CartBar = lazyWithScreens(() => import("../cart/CartBar"));

export function ServiceScreens({ venue, children }: { venue: ServiceMenuData; children: ReactNode }) {
  const screen = useCurrentScreen();
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  // Read-only stores have no cart (spec §1 "view only"); the cart screen has its own total. A
  // device without the app's database has an empty cart (hidden bar): no Dexie until it writes.
  const cartMayHaveLines = useDatabaseExists(APP_DB_NAME);
  const showCartBar = painted && cartMayHaveLines && !venue.table.store.readOnly && screenFamily(screen) === "menu";
  const router = useRouter();
  useLiveCatalogue(venue.table.store.storeId, () => {
    readMenuFreshly();
    void router.invalidate({ filter: (match) => match.routeId === "/$service/$tableId" });
  });

  return (
    <ItemModalProvider venue={venue}>
      {children}
      {showCartBar && (
        // Without IndexedDB there is no bar; the cart screen explains why.
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <CartBar venue={venue} />
          </Suspense>
        </ErrorBoundary>
      )}
    </ItemModalProvider>
  );
}
