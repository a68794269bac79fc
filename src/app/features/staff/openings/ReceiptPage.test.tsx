/**
 * Every staff route refuses guests in the app; here the printable receipt. A receipt is a paper
 * frozen in the language it was issued in (its snapshot keeps the spot's name in that language),
 * so a reprint on a screen in the other language prints its labels, names, amounts and dates in
 * the receipt's language too, never a mix; its name for screen readers too, with its lang.
 */
import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReceiptDto } from "../../../../domain/table-openings-api";
import { ensureCatalog } from "../../../i18n/catalogs";
import { selectLanguage } from "../../../i18n/language-store";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { ReceiptPage } from "./ReceiptPage";
import { openingLine } from "./test-opening-line";

afterEach(async () => {
  vi.unstubAllGlobals();
  // Back to the suite's defaults: Greek content, the English source texts (test-setup.ts).
  await selectLanguage("GRE");
  i18n.activate("en");
  await clearSession();
});

describe("receipt page (staff only)", () => {
  it.each([
    ["a guest", testSession()],
    ["a visitor", testSession({ user: { ...testSession().user, role: "VISITOR", storeId: 7 } })],
  ])("%s gets the not-allowed screen, and nothing is asked of the server", async (_who, session) => {
    await storeSession(session);
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderWithI18n(<ReceiptPage receiptId={5} paper="80" />);
    expect(await screen.findByText("This screen is for the staff of this store", {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

const ROOM_102 = { GRE: { name: "Δωμάτιο 102" }, ENG: { name: "Room 102" } };

function receipt(language: "GRE" | "ENG", spotName: string): ReceiptDto {
  return {
    id: 5,
    storeId: 13,
    storeNames: { GRE: { name: "Ροτόντα" }, ENG: { name: "Rotonda" } },
    openingId: 72,
    kind: "TEMPORARY",
    number: 4,
    athensDay: "2026-07-01",
    language,
    spotName,
    section: "Πεζόδρομος",
    waiterName: "Nikos",
    lines: [openingLine()],
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
    amounts: { totalCents: 900, paidCents: 400, treatedCents: 0, canceledCents: 0, remainingCents: 500 },
    minimumConsumption: null,
    openedAt: "2026-07-01T09:00:00.000Z",
    closedAt: null,
    createdAt: "2026-07-01T09:20:00.000Z",
    byName: "Nikos",
  };
}

async function showReceipt(paper: ReceiptDto, name: string): Promise<HTMLElement> {
  await storeSession(
    testSession({ user: { ...testSession().user, phone: null, email: null, role: "WAITER", storeId: 13 } }),
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(paper), { headers: { "content-type": "application/json" } })),
  );
  renderWithI18n(<ReceiptPage receiptId={paper.id} paper="80" />);
  return screen.findByRole("article", { name }, { timeout: 5000 });
}

describe("a rental's dates on the receipt (spec §5 V22)", () => {
  it("a rental line prints its pick-up and return note under its name, in the receipt's language", async () => {
    await selectLanguage("GRE");
    const rental = {
      ...openingLine(),
      names: { GRE: { name: "Σανίδα SUP" }, ENG: { name: "SUP board" } },
      options: [
        {
          GRE: { name: "Παραλαβή 16/07 10:00 – Επιστροφή 18/07 10:00 (2 ημέρες)" },
          ENG: { name: "Pick-up 16/07 10:00 – Return 18/07 10:00 (2 days)" },
        },
      ],
    };
    const paper = await showReceipt({ ...receipt("ENG", "Table 14"), lines: [rental] }, "Temporary receipt no. 4");
    const text = paper.textContent ?? "";
    expect(text).toContain("SUP board");
    expect(text).toContain("Pick-up 16/07 10:00 – Return 18/07 10:00 (2 days)");
  });
});

describe("a receipt is printed in the language it was issued in", () => {
  it("an English receipt on an English screen: English labels and names", async () => {
    await selectLanguage("ENG");
    const paper = await showReceipt(receipt("ENG", "Table 14"), "Temporary receipt no. 4");
    const text = paper.textContent?.replaceAll("\u00a0", " ") ?? "";
    expect(text).toContain("Temporary receipt #4");
    expect(text).toContain("Table 14 · Πεζόδρομος · Nikos");
    expect(text).toContain("Freddo espresso");
    expect(text).toContain("Charge to room · Room 102: €4.00");
    expect(text).not.toMatch(/Τραπέζι|Δωμάτιο|Απόδειξη/);
  });

  it("a Greek receipt reprinted on an English screen stays Greek, labels included; the screen's own buttons stay English", async () => {
    await selectLanguage("ENG");
    const paper = await showReceipt(receipt("GRE", "Τραπέζι 14"), "Προσωρινή απόδειξη αρ. 4");
    expect(paper.getAttribute("lang")).toBe("el");
    const text = paper.textContent?.replaceAll("\u00a0", " ") ?? "";
    expect(text).toContain("Προσωρινή απόδειξη #4");
    expect(text).toContain("Τραπέζι 14 · Πεζόδρομος");
    expect(text).toContain("Φρέντο εσπρέσο");
    expect(text).toContain("Σύνολο");
    expect(text).toContain("Χρέωση στο δωμάτιο · Δωμάτιο 102: 4,00 €");
    expect(text).not.toMatch(/Table|Room|Receipt|Total/);
    expect(screen.getByRole("button", { name: "Print" })).toBeTruthy();
  });
});

describe("the receipt page speaks the screen's language to screen readers", () => {
  it("a Greek screen names the paper sizes in Greek, a size never split over two lines", async () => {
    // The staff screens' texts, as the app loads them before a staff screen shows.
    await ensureCatalog("screens");
    await selectLanguage("GRE");
    await showReceipt(receipt("GRE", "Τραπέζι 14"), "Προσωρινή απόδειξη αρ. 4");
    const sizes = screen.getByRole("navigation", { name: "Μέγεθος χαρτιού" });
    const links = [...sizes.querySelectorAll("a")].map((link) => link.textContent);
    expect(links).toEqual(["58\u00a0mm", "80\u00a0mm", "A4"]);
    expect(screen.getByRole("link", { name: "80\u00a0mm" }).getAttribute("aria-current")).toBe("page");
  });

  it("a final receipt is named as one, in its own language", async () => {
    await selectLanguage("ENG");
    const paper = await showReceipt({ ...receipt("ENG", "Table 14"), kind: "FINAL" }, "Receipt no. 4");
    expect(paper.getAttribute("lang")).toBe("en");
  });
});

describe("a guest's phone payment on the receipt", () => {
  it("names the guest's card and prints the tip on top of the amount, apart from what the table was paid", async () => {
    await selectLanguage("ENG");
    const paper = await showReceipt(
      {
        ...receipt("ENG", "Table 14"),
        payments: [
          {
            id: 11,
            type: "CARD",
            amountCents: 900,
            cardTerminalName: null,
            creditAccount: null,
            roomNames: null,
            online: true,
            byName: null,
            at: "2026-07-01T09:15:00.000Z",
            tipCents: 150,
            guestCard: { brand: "mastercard", lastFour: "4444" },
            onAccount: false,
          },
        ],
        amounts: { totalCents: 900, paidCents: 900, treatedCents: 0, canceledCents: 0, remainingCents: 0 },
      },
      "Temporary receipt no. 4",
    );
    const text = paper.textContent?.replaceAll("\u00a0", " ") ?? "";
    expect(text).toContain("Guest · Mastercard •••• 4444: €9.00 + tip €1.50");
    expect(screen.getByTestId("receipt-paid").textContent).toBe("€9.00");
    expect(screen.getByTestId("receipt-tips").textContent).toBe("€1.50");
  });
});
