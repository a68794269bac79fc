/**
 * The staff shell's tabs: one tap from any screen to the store's live orders, the kitchen (stores
 * with kitchen or bar stations only: what is ready to carry, the stations' displays), open tables,
 * open rooms (hotels only), the store's order history, the Stock view (items sold out, services
 * paused) and a new order from the terminal's PDA spot.
 * Who sees them: a waiter or admin signed in on a terminal of their own store.
 */
import type { SessionUser } from "../../../session/session";
import type { TerminalSpot } from "../../../session/staff-device";
import type { Screen } from "../../shell/screens";

export type StaffTabId = "orders" | "kitchen" | "tables" | "rooms" | "history" | "stock" | "new-order";

export type StaffTab =
  | { id: "orders"; to: "/order-change-status"; params: Record<string, never>; screens: readonly Screen[] }
  | {
      id: "kitchen" | "tables" | "rooms" | "history" | "stock";
      to:
        | "/kitchen/for-store/$storeId/$tableId"
        | "/open-tables/for-store/$storeId/$tableId"
        | "/open-rooms/for-store/$storeId/$tableId"
        | "/order-history/for-store/$storeId/$tableId"
        | "/stock/for-store/$storeId/$tableId";
      params: { storeId: number; tableId: number };
      screens: readonly Screen[];
    }
  | { id: "new-order"; to: "/menu/$tableId"; params: { tableId: number }; screens: readonly Screen[] };

/** Whether the staff shell shows: a staff session of the terminal's own store. */
export function showsStaffShell(user: SessionUser | null | undefined, terminal: TerminalSpot | null): boolean {
  if (terminal === null || user === null || user === undefined) return false;
  return (user.role === "WAITER" || user.role === "ADMIN") && user.storeId === terminal.storeId;
}

/** `storeHasStations`: the store's venue file names kitchen or bar stations (as last read on this device). */
export function staffTabs(terminal: TerminalSpot, storeHasStations = false): StaffTab[] {
  const params = { storeId: terminal.storeId, tableId: terminal.spotId };
  const tabs: StaffTab[] = [{ id: "orders", to: "/order-change-status", params: {}, screens: ["order-change-status"] }];
  if (storeHasStations) {
    // Beside the orders: what the kitchen has ready is the waiter's next errand.
    tabs.push({
      id: "kitchen",
      to: "/kitchen/for-store/$storeId/$tableId",
      params,
      screens: ["kitchen", "kitchen-display"],
    });
  }
  tabs.push({ id: "tables", to: "/open-tables/for-store/$storeId/$tableId", params, screens: ["open-tables"] });
  if (terminal.storeIsHotel) {
    tabs.push({ id: "rooms", to: "/open-rooms/for-store/$storeId/$tableId", params, screens: ["open-rooms"] });
  }
  tabs.push(
    { id: "history", to: "/order-history/for-store/$storeId/$tableId", params, screens: ["store-order-history"] },
    // Sold out in two taps: this tab, then the item's switch.
    { id: "stock", to: "/stock/for-store/$storeId/$tableId", params, screens: ["stock"] },
    // The PDA spot's own services and menus: the waiter orders from there (for any table).
    {
      id: "new-order",
      to: "/menu/$tableId",
      params: { tableId: terminal.spotId },
      screens: ["services", "menu", "menu-with-categories", "menu-with-happy-hour", "search", "cart"],
    },
  );
  return tabs;
}
