/**
 * Guests pay their table's bill from their phones: the waiter's table shows each such payment as
 * the guest's card with its tip, marks what was paid towards the table (its items stay open), takes
 * what is owed from the server rather than from the open items, closes a table the guests paid in
 * full without asking how, and says why a payment of items that would leave less open than the
 * guests paid is refused. Edges stubbed: the router, the table reads, the STOMP topic, fetch (the
 * writes, through the real staff-action outbox on fake IndexedDB).
 */
import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpeningDetail, OpeningPaymentDto, OpenOpenings } from "../../../../domain/table-openings-api";
import { appDb } from "../../../db/app-db";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { OpeningScreen } from "./OpeningScreen";
import { openingLine } from "./test-opening-line";

vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));
vi.mock("./use-store-topics", () => ({ useStoreTopics: () => ({ connected: true }) }));
vi.mock("../../../api/requests", () => ({ fetchServerDate: async () => "2026-07-01T09:30:00.000Z" }));
const reads = vi.hoisted(() => ({ table: null as unknown, floor: null as unknown }));
vi.mock("../../../api/staff-openings", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../api/staff-openings")>()),
  fetchOpenOpenings: async () => reads.floor,
  fetchOpening: async () => reads.table,
}));

const STORE = 13;
const TABLE_14 = { id: 13414, names: { GRE: { name: "Τραπέζι 14" }, ENG: { name: "Table 14" } } };
const SLOW = { timeout: 5000 };

const floor: OpenOpenings = {
  storeId: STORE,
  sections: ["Μέσα"],
  openings: [],
  spots: [{ ...TABLE_14, type: "TABLE", section: "Μέσα" }],
  cardTerminals: [{ id: 1, name: "Terminal 1" }],
  waitersMayTreatAndCancel: true,
};

function payment(overrides: Partial<OpeningPaymentDto>): OpeningPaymentDto {
  return {
    id: 9,
    type: "CARD",
    amountCents: 2000,
    cardTerminalName: null,
    creditAccount: null,
    roomNames: null,
    online: true,
    byName: null,
    at: "2026-07-01T09:10:00.000Z",
    tipCents: 0,
    guestCard: null,
    onAccount: false,
    ...overrides,
  };
}

/** Two open freddos (9,00 € and 22,00 €) of which guests paid 20,00 € towards the table. */
function table(overrides: Partial<OpeningDetail> = {}): OpeningDetail {
  return {
    id: 72,
    storeId: STORE,
    status: "OPEN",
    version: 4,
    spot: { ...TABLE_14, type: "TABLE", section: "Μέσα" },
    openedAt: "2026-07-01T09:00:00.000Z",
    waiterName: "Nikos",
    department: { serviceId: 13201, names: { GRE: { name: "Καφετέρια" }, ENG: { name: "Café" } } },
    amounts: { totalCents: 3100, paidCents: 2000, treatedCents: 0, canceledCents: 0, remainingCents: 1100 },
    minimumConsumption: null,
    pendingOrders: 0,
    lastActivityAt: "2026-07-01T09:10:00.000Z",
    lines: [openingLine({ id: 1, amountCents: 900 }), openingLine({ id: 2, amountCents: 2200 })],
    orders: [],
    payments: [
      payment({ id: 9, guestCard: { brand: "visa", lastFour: "4242" }, tipCents: 200, onAccount: true }),
      payment({ id: 10, type: "CASH", online: false, amountCents: 500, byName: "Nikos", onAccount: false }),
    ],
    receipts: [],
    closedAt: null,
    closedByName: null,
    mergedIntoOpeningId: null,
    ...overrides,
  };
}

const waiter = testSession({
  user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId: STORE },
});

/** The writes: every request kept, each answered by `answer`. */
function stubWrites(answer: (request: Request) => Response) {
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      requests.push(request.clone());
      await request.text();
      return answer(request);
    }),
  );
  return requests;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const text = (element: HTMLElement) => element.textContent?.replaceAll("\u00a0", " ") ?? "";

beforeEach(async () => {
  reads.floor = floor;
  reads.table = table();
  await storeSession(waiter);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await appDb().pendingStaffActions.clear();
  await clearSession();
});

describe("guests' phone payments on the waiter's table", () => {
  it("a guest's phone payment shows as the guest's card with the tip on top, and one towards the table is marked so", async () => {
    renderWithI18n(<OpeningScreen storeId={STORE} tableId={13499} openingId={72} kind="tables" />);
    const payments = await screen.findByRole("region", { name: "Payments" }, SLOW);
    const [guest, cash] = within(payments).getAllByRole("listitem");
    expect(text(guest as HTMLElement)).toBe("Guest · Visa •••• 4242: 20,00 € + tip 2,00 € · towards the table");
    // The waiter's own payment reads as before: no card, no tip, not towards the table.
    expect(text(cash as HTMLElement)).toBe("Cash: 5,00 €");
    expect(text(payments)).toContain(
      "Guests paid 20,00 € towards the table from their phones: the items stay open until the table is closed",
    );
  });

  it("what the table owes and has paid are the server's amounts, not the sum of its open or paid items", async () => {
    renderWithI18n(<OpeningScreen storeId={STORE} tableId={13499} openingId={72} kind="tables" />);
    // Both lines are still open (31,00 €), yet the guests' 20,00 € towards the table leaves 11,00 €.
    const remaining = await screen.findByTestId("remaining", {}, SLOW);
    expect(text(remaining)).toBe("11,00 €");
    expect(text(screen.getByText(/^Total /))).toBe("Total 31,00 € · paid 20,00 €");
  });

  it("a table the guests paid in full is closed without choosing a payment: the close sends payment null", async () => {
    reads.table = table({
      amounts: { totalCents: 3100, paidCents: 3100, treatedCents: 0, canceledCents: 0, remainingCents: 0 },
      payments: [
        payment({ id: 9, guestCard: { brand: "visa", lastFour: "4242" }, amountCents: 3100, onAccount: true }),
      ],
    });
    const requests = stubWrites((request) =>
      new URL(request.url).pathname === "/api/staff/openings/72/close"
        ? json(200, { ...table(), status: "CLOSED" })
        : json(404, { code: "NOT_FOUND", message: "?" }),
    );
    renderWithI18n(<OpeningScreen storeId={STORE} tableId={13499} openingId={72} kind="tables" />);
    expect(await screen.findByText("Nothing left to pay: close the table.", {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close table" }));
    const sheet = await screen.findByRole("dialog");
    // Nothing to pay: no payment types to choose from.
    expect(within(sheet).queryByRole("button", { name: "Cash" })).toBeNull();
    fireEvent.click(within(sheet).getByRole("button", { name: "Close Τραπέζι 14" }));
    await waitFor(() => expect(requests).toHaveLength(1), SLOW);
    expect(await requests[0]?.json()).toEqual({ version: 4, payment: null });
    expect(requests[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("ON_ACCOUNT_EXCEEDS_OPEN: paying items that would leave less open than the guests paid is refused, with the sum they paid", async () => {
    stubWrites(() =>
      json(409, { code: "ON_ACCOUNT_EXCEEDS_OPEN", message: "refused", details: { onAccountCents: 2000 } }),
    );
    renderWithI18n(<OpeningScreen storeId={STORE} tableId={13499} openingId={72} kind="tables" />);
    const [, second] = await screen.findAllByRole("checkbox", {}, SLOW);
    fireEvent.click(second as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Pay selected" }));
    const sheet = await screen.findByRole("dialog");
    fireEvent.click(within(sheet).getByRole("button", { name: "Cash" }));
    fireEvent.click(within(sheet).getByRole("button", { name: /^Pay 22,00\s€/ }));
    expect(
      await screen.findByText(
        "Guests already paid 20,00 € towards this table from their phones, so at least that much must stay open: settle fewer items, or close the table",
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});
