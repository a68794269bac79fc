/**
 * Open tables and one table name every spot in the UI language, as the
 * guests' screens and the store history do: the API gives a spot's names per language (the venue
 * file's `names`), the screen picks the UI's. Sections keep the one name the venue file gives them.
 * Edges stubbed: the router (router-stub), the API module, the store's STOMP topic, the server clock.
 */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpeningDetail, OpeningSummary, OpenOpenings } from "../../../../domain/table-openings-api";
import { selectLanguage } from "../../../i18n/language-store";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { OpeningScreen } from "./OpeningScreen";
import { OpenOpeningsScreen } from "./OpenOpeningsScreen";
import { openingLine } from "./test-opening-line";

vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));
vi.mock("./use-store-topics", () => ({ useStoreTopics: () => ({ connected: true }) }));
vi.mock("../../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T09:30:00.000Z" }));
vi.mock("../../../api/staff-openings", () => ({
  fetchOpenOpenings: async () => floor,
  fetchOpening: async () => table14,
}));

const STORE = 13;
const TABLE_3 = { id: 13403, names: { GRE: { name: "Τραπέζι 3" }, ENG: { name: "Table 3" } } };
const TABLE_14 = { id: 13414, names: { GRE: { name: "Τραπέζι 14" }, ENG: { name: "Table 14" } } };
const ROOM_102 = { GRE: { name: "Δωμάτιο 102" }, ENG: { name: "Room 102" } };

function summary(id: number, spot: typeof TABLE_3, section: string, remainingCents: number): OpeningSummary {
  return {
    id,
    storeId: STORE,
    status: "OPEN",
    version: 3,
    spot: { ...spot, type: "TABLE", section },
    openedAt: "2026-07-01T09:00:00.000Z",
    waiterName: "Nikos",
    department: { serviceId: 13201, names: { GRE: { name: "Καφετέρια" }, ENG: { name: "Café" } } },
    amounts: { totalCents: remainingCents, paidCents: 0, treatedCents: 0, canceledCents: 0, remainingCents },
    minimumConsumption: null,
    pendingOrders: 0,
    lastActivityAt: "2026-07-01T09:00:00.000Z",
  };
}

const floor: OpenOpenings = {
  storeId: STORE,
  sections: ["Μέσα", "Πεζόδρομος"],
  openings: [
    // Table 3 seats four (the venue file's capacity); table 14's capacity is not given (0).
    { ...summary(71, TABLE_3, "Μέσα", 900), spot: { ...TABLE_3, type: "TABLE", section: "Μέσα", capacity: 4 } },
    {
      ...summary(72, TABLE_14, "Πεζόδρομος", 1100),
      spot: { ...TABLE_14, type: "TABLE", section: "Πεζόδρομος", capacity: 0 },
    },
  ],
  spots: [
    { ...TABLE_3, type: "TABLE", section: "Μέσα" },
    { ...TABLE_14, type: "TABLE", section: "Πεζόδρομος" },
  ],
  cardTerminals: [],
  waitersMayTreatAndCancel: true,
};

const table14: OpeningDetail = {
  ...summary(72, TABLE_14, "Πεζόδρομος", 1100),
  lines: [openingLine({ amountCents: 1100, movedFromSpotNames: TABLE_3.names })],
  orders: [],
  payments: [
    {
      id: 9,
      type: "CHARGE_TO_ROOM",
      amountCents: 400,
      cardTerminalName: null,
      creditAccount: null,
      roomNames: ROOM_102,
      online: false,
      byName: "Nikos",
      at: "2026-07-01T09:10:00.000Z",
      tipCents: 0,
      guestCard: null,
      onAccount: false,
    },
  ],
  receipts: [],
  closedAt: null,
  closedByName: null,
  mergedIntoOpeningId: null,
};

const waiter = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: STORE },
});

beforeEach(async () => {
  await storeSession(waiter);
});

afterEach(async () => {
  // Back to the suite's defaults: Greek content, the English source texts (test-setup.ts).
  await selectLanguage("GRE");
  i18n.activate("en");
  await clearSession();
});

describe("spot names in the UI language on the staff screens", () => {
  it("an English UI names each open table in English; sections keep the venue file's one name", async () => {
    await selectLanguage("ENG");
    renderWithI18n(<OpenOpeningsScreen storeId={STORE} tableId={13499} kind="tables" />);
    const inside = await screen.findByRole("region", { name: "Μέσα" });
    expect(within(inside).getByRole("link").textContent).toContain("Table 3: owes €9.00");
    expect(within(screen.getByRole("region", { name: "Πεζόδρομος" })).getByText("Table 14")).toBeTruthy();
    expect(screen.queryByText(/Τραπέζι/)).toBeNull();
  });

  it("F3: an open table shows its seats ('4 seats'); a table whose capacity is not given shows none", async () => {
    renderWithI18n(<OpenOpeningsScreen storeId={STORE} tableId={13499} kind="tables" />);
    const inside = await screen.findByRole("region", { name: "Μέσα" });
    expect(within(inside).getByRole("link").textContent).toContain("4 seats");
    expect(within(screen.getByRole("region", { name: "Πεζόδρομος" })).getByRole("link").textContent).not.toMatch(
      /seat/,
    );
  });

  it("a Greek UI (the default) names them in Greek", async () => {
    renderWithI18n(<OpenOpeningsScreen storeId={STORE} tableId={13499} kind="tables" />);
    expect(await screen.findByText("Τραπέζι 3")).toBeTruthy();
    expect(screen.queryByText("Table 3")).toBeNull();
  });

  it("an English UI names the table, the page title, a line's origin, the charged room and the move targets in English", async () => {
    await selectLanguage("ENG");
    renderWithI18n(<OpeningScreen storeId={STORE} tableId={13499} openingId={72} kind="tables" />);
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Table 14 · Πεζόδρομος");
    // The title follows the loaded table in an effect: wait for it rather than race it.
    await waitFor(() => expect(document.title).toMatch(/^Table 14 · /));
    expect(screen.getByText("from Table 3")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Payments" }).textContent).toContain("Charge to room · Room 102");
    fireEvent.click(screen.getByRole("button", { name: "Move table" }));
    const sheet = await screen.findByRole("dialog");
    // The table itself is no target: the other open table, by its English name.
    expect(within(sheet).getByLabelText("Table 3")).toBeTruthy();
    expect(within(sheet).queryByText(/Τραπέζι/)).toBeNull();
    expect(screen.queryByText(/Τραπέζι|Δωμάτιο/)).toBeNull();
  });
});
