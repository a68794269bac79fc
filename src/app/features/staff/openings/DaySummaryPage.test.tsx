/**
 * The day summary names the spot of each treated or canceled line in the
 * UI language, as the other staff screens do (the API gives its names per language).
 */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DaySummary } from "../../../../domain/table-openings-api";
import { selectLanguage } from "../../../i18n/language-store";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { DaySummaryPage } from "./DaySummaryPage";

const answer = vi.hoisted(() => ({ summary: null as unknown }));
vi.mock("../../../api/staff-openings", () => ({ fetchDaySummary: async () => answer.summary ?? summary }));

const summary: DaySummary = {
  storeId: 13,
  storeNames: { GRE: { name: "Ροτόντα" }, ENG: { name: "Rotonda" } },
  athensDay: "2026-07-01",
  openingsClosed: 1,
  openingsOpen: 0,
  totalsByType: [{ type: "CASH", amountCents: 900 }],
  paidCents: 900,
  treatedCents: 350,
  canceledCents: 0,
  adjustments: [
    {
      lineId: 1,
      state: "TREATED",
      spotNames: { GRE: { name: "Τραπέζι 3" }, ENG: { name: "Table 3" } },
      names: { GRE: { name: "Φρέντο εσπρέσο" }, ENG: { name: "Freddo espresso" } },
      quantity: 1,
      amountCents: 350,
      reason: "Birthday",
      byName: "Maria",
      at: "2026-07-01T09:10:00.000Z",
    },
  ],
  receivables: [],
  receiptsIssued: 1,
  tipsCents: 0,
  tipsByWaiter: [],
};

afterEach(async () => {
  answer.summary = null;
  // Back to the suite's defaults: Greek content, the English source texts (test-setup.ts).
  await selectLanguage("GRE");
  i18n.activate("en");
  await clearSession();
});

describe("day summary", () => {
  it("an English UI names a treated line's spot in English", async () => {
    await storeSession(
      testSession({ user: { ...testSession().user, phone: null, email: null, role: "ADMIN", storeId: 13 } }),
    );
    await selectLanguage("ENG");
    renderWithI18n(<DaySummaryPage storeId={13} day={null} />);
    const line = await screen.findByText(/Birthday/);
    expect(line.textContent).toMatch(/^12:10 · Table 3 · 1× Freddo espresso · Treated · Birthday · Maria: €3\.50$/);
  });

  it("guests' tips are summed apart from what was paid, in all and by the waiter of each table", async () => {
    await storeSession(
      testSession({ user: { ...testSession().user, phone: null, email: null, role: "ADMIN", storeId: 13 } }),
    );
    answer.summary = {
      ...summary,
      tipsCents: 650,
      tipsByWaiter: [
        { waiterName: "Maria", tipCents: 500 },
        { waiterName: null, tipCents: 150 },
      ],
    };
    renderWithI18n(<DaySummaryPage storeId={13} day={null} />);
    const tips = await screen.findByRole("region", { name: "Tips" });
    expect(screen.getByTestId("summary-tips").textContent?.replaceAll("\u00a0", " ")).toBe("6,50 €");
    const rows = [...tips.querySelectorAll("dt")].map((dt) =>
      `${dt.textContent}: ${dt.nextElementSibling?.textContent}`.replaceAll("\u00a0", " "),
    );
    expect(rows).toEqual(["Tips in all: 6,50 €", "Maria: 5,00 €", "No waiter: 1,50 €"]);
    // Tips are not takings: the day's paid total is unchanged by them.
    expect(screen.getByTestId("summary-paid").textContent?.replaceAll("\u00a0", " ")).toBe("9,00 €");
  });
});
