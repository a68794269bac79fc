import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../../session/session";
import type { TerminalSpot } from "../../../session/staff-device";
import { showsStaffShell, staffTabs } from "./staff-nav";

const names = { GRE: { name: "Αμμουδιά" }, ENG: { name: "Ammoudia" } };
const hotelPda: TerminalSpot = { storeId: 7, spotId: 7499, storeNames: names, storeIsHotel: true };
const cafePda: TerminalSpot = { storeId: 132, spotId: 13499, storeNames: names, storeIsHotel: false };

function user(role: SessionUser["role"], storeId: number | null): SessionUser {
  return { id: 1, name: "Nikos", email: null, phone: null, verified: true, optedInForNewsletter: false, role, storeId };
}

describe("staff shell navigation: one tap from any screen", () => {
  it("shows for a waiter or admin of the terminal's store only", () => {
    expect(showsStaffShell(user("WAITER", 7), hotelPda)).toBe(true);
    expect(showsStaffShell(user("ADMIN", 7), hotelPda)).toBe(true);
    expect(showsStaffShell(user("WAITER", 132), hotelPda)).toBe(false);
    expect(showsStaffShell(user("GUEST", null), hotelPda)).toBe(false);
    expect(showsStaffShell(null, hotelPda)).toBe(false);
    expect(showsStaffShell(user("WAITER", 7), null)).toBe(false);
  });

  it("a hotel's terminal: live orders, open tables, open rooms, history, new order from its PDA spot", () => {
    const tabs = staffTabs(hotelPda);
    expect(tabs.map((tab) => tab.id)).toEqual(["orders", "tables", "rooms", "history", "stock", "new-order"]);
    expect(tabs.find((tab) => tab.id === "rooms")).toMatchObject({
      to: "/open-rooms/for-store/$storeId/$tableId",
      params: { storeId: 7, tableId: 7499 },
    });
    expect(tabs.at(-1)).toMatchObject({ to: "/menu/$tableId", params: { tableId: 7499 } });
  });

  it("a store with kitchen or bar stations: the kitchen tab beside the orders, to what is ready and the displays", () => {
    const tabs = staffTabs(hotelPda, true);
    expect(tabs.map((tab) => tab.id)).toEqual([
      "orders",
      "kitchen",
      "tables",
      "rooms",
      "history",
      "stock",
      "new-order",
    ]);
    expect(tabs[1]).toMatchObject({
      to: "/kitchen/for-store/$storeId/$tableId",
      params: { storeId: 7, tableId: 7499 },
      screens: ["kitchen", "kitchen-display"],
    });
    expect(staffTabs(cafePda, false).map((tab) => tab.id)).not.toContain("kitchen");
  });

  it("the Stock view is one tap from any staff screen, for the terminal's own store", () => {
    expect(staffTabs(cafePda).find((tab) => tab.id === "stock")).toMatchObject({
      to: "/stock/for-store/$storeId/$tableId",
      params: { storeId: 132, tableId: 13499 },
      screens: ["stock"],
    });
  });

  it("a store that is not a hotel has no open rooms tab", () => {
    expect(staffTabs(cafePda).map((tab) => tab.id)).toEqual(["orders", "tables", "history", "stock", "new-order"]);
    expect(staffTabs(cafePda)[1]).toMatchObject({ params: { storeId: 132, tableId: 13499 } });
  });
});
