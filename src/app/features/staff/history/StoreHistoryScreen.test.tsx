import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoreOrdersPage } from "../../../../domain/staff-history-api";
import { selectLanguage } from "../../../i18n/language-store";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { StoreHistoryScreen } from "./StoreHistoryScreen";
import { json, staffOrder } from "./test-staff-orders";

/** IndexedDB and the first fetch can take over a second on a busy machine. */
const SLOW = { timeout: 5000 };

const waiterOf = (storeId: number) =>
  testSession({ user: { ...testSession().user, name: "Nikos", phone: null, email: null, role: "WAITER", storeId } });

function page(overrides: Partial<StoreOrdersPage> = {}): StoreOrdersPage {
  return {
    storeId: 7,
    athensDay: "2026-07-01",
    orders: [staffOrder(), staffOrder({ id: 30, dailyNumber: 13, status: "ACCEPTED", errorMessage: null })],
    nextCursor: null,
    spots: [
      { id: 200, names: { GRE: { name: "Τραπέζι 1" }, ENG: { name: "Table 1" } } },
      { id: 201, names: { GRE: { name: "Ομπρέλα 12" }, ENG: { name: "Umbrella 12" } } },
    ],
    ...overrides,
  };
}

/** Answers the history GET with `answer(query)`, and records every request. */
function stubHistory(answer: (query: URLSearchParams) => Response): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      requests.push(request);
      const url = new URL(request.url);
      if (request.method === "GET" && url.pathname === "/api/staff/stores/7/orders") return answer(url.searchParams);
      if (request.method === "GET" && url.pathname === "/api/staff/orders/31/details-link") {
        return json(200, { path: "/view-order-details/31/7/aaa.bbb.ccc", expiresAt: "2026-07-02T09:00:00.000Z" });
      }
      return json(404, { code: "NOT_FOUND", message: url.pathname });
    }),
  );
  return requests;
}

const historyQueries = (requests: Request[]) =>
  requests
    .filter((r) => new URL(r.url).pathname === "/api/staff/stores/7/orders")
    .map((r) => new URL(r.url).searchParams.toString());

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("store-order-history (spec §2: the store's orders by day)", () => {
  it("a waiter of the store sees today's orders newest first; a row opens its details: lines, options, comments, total, payment, spot, times, who decided, the reason", async () => {
    await storeSession(waiterOf(7));
    const requests = stubHistory(() => json(200, page()));
    renderWithI18n(<StoreHistoryScreen storeId={7} tableId={205} />);

    // The day in the content language (Greek by default), as the day beside the date input.
    const list = await screen.findByRole("list", { name: "Orders of Τετ 1 Ιουλ 2026" }, SLOW);
    const rows = within(list).getAllByRole("button");
    expect(rows.map((row) => row.textContent?.slice(0, 3))).toEqual(["#14", "#13"]);
    expect(rows[0]?.getAttribute("aria-expanded")).toBe("false");
    // The spot in the UI language (Greek by default); the time in Athens (09:15Z is 12:15 in July).
    expect(rows[0]?.textContent).toContain("Ομπρέλα 12");
    expect(rows[0]?.textContent).toContain("12:15");
    expect(historyQueries(requests)).toEqual([""]);
    expect(requests[0]?.headers.get("jwt")).toBe("header.payload.signature");

    fireEvent.click(rows[0] as HTMLElement);
    expect(rows[0]?.getAttribute("aria-expanded")).toBe("true");
    const details = document.getElementById(rows[0]?.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(details).getByText(/2 × Freddo espresso \(el\)/)).toBeTruthy();
    expect(within(details).getByText("Medium (el)")).toBeTruthy();
    expect(within(details).getByText("“Extra cold”")).toBeTruthy();
    expect(within(details).getByText(/Comment: No ice please/)).toBeTruthy();
    expect(within(details).getByText("Cash")).toBeTruthy();
    expect(within(details).getByText("Out of ice")).toBeTruthy();
    expect(within(details).getByText(/by Nikos$/)).toBeTruthy();
    expect(within(details).getByText("Ομπρέλα 12 · Beach bar (el)")).toBeTruthy();

    // A details link for the kitchen or another device.
    fireEvent.click(within(details).getByRole("button", { name: "Details link" }));
    const link = await within(details).findByRole("link", {}, SLOW);
    expect(link.getAttribute("href")).toBe("/view-order-details/31/7/aaa.bbb.ccc");
  });

  it("F28 and F13.2: a member order says Member on its row and in its details, with the waiter serving it; a request line says Request", async () => {
    await storeSession(waiterOf(7));
    const base = staffOrder({ status: "ACCEPTED", errorMessage: null });
    const towels = {
      ...base.lines[0],
      itemId: 1005,
      names: { GRE: { name: "Πετσέτες" }, ENG: { name: "Towels" } },
      options: [],
      comment: "",
      unitPriceCents: 0,
      optionsUnitPriceCents: 0,
      totalCents: 0,
      request: true,
    } as (typeof base.lines)[number];
    const member = { ...base, memberPrices: true, servedByName: "Maria", lines: [...base.lines, towels] };
    stubHistory(() =>
      json(200, page({ orders: [member, staffOrder({ id: 30, dailyNumber: 13, status: "ACCEPTED" })] })),
    );
    renderWithI18n(<StoreHistoryScreen storeId={7} tableId={205} />);
    const list = await screen.findByRole("list", { name: /^Orders of/ }, SLOW);
    const rows = within(list).getAllByRole("button");
    expect(within(rows[0] as HTMLElement).getByText("Member")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText("Member")).toBeNull();

    fireEvent.click(rows[0] as HTMLElement);
    const details = document.getElementById(rows[0]?.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(details).getByText("Served by")).toBeTruthy();
    expect(within(details).getByText("Maria")).toBeTruthy();
    expect(within(details).getByText("Member")).toBeTruthy();
    const requestLine = within(details)
      .getByText(/Πετσέτες/)
      .closest("li") as HTMLElement;
    expect(within(requestLine).getByText("Request")).toBeTruthy();
  });

  it("filters by status and spot, searches by daily number, goes back a day, and pages on with the cursor", async () => {
    await storeSession(waiterOf(7));
    const requests = stubHistory((query) =>
      json(
        200,
        query.has("cursor") ? page({ orders: [staffOrder({ id: 3, dailyNumber: 1 })] }) : page({ nextCursor: 30 }),
      ),
    );
    renderWithI18n(<StoreHistoryScreen storeId={7} tableId={205} />);
    await screen.findByRole("list", {}, SLOW);

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "REJECTED" } });
    await waitFor(() => expect(historyQueries(requests).at(-1)).toBe("status=REJECTED"), SLOW);
    fireEvent.change(await screen.findByLabelText("Spot", {}, SLOW), { target: { value: "201" } });
    await waitFor(() => expect(historyQueries(requests).at(-1)).toBe("status=REJECTED&spotId=201"), SLOW);
    fireEvent.change(screen.getByLabelText("Order number"), { target: { value: "14" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    await waitFor(
      () => expect(historyQueries(requests).at(-1)).toBe("status=REJECTED&spotId=201&dailyNumber=14"),
      SLOW,
    );
    fireEvent.change(screen.getByLabelText("Day"), { target: { value: "2026-06-30" } });
    await waitFor(
      () => expect(historyQueries(requests).at(-1)).toBe("status=REJECTED&spotId=201&dailyNumber=14&day=2026-06-30"),
      SLOW,
    );

    fireEvent.click(await screen.findByRole("button", { name: "Show older orders" }, SLOW));
    await waitFor(() => expect(historyQueries(requests).at(-1)).toContain("cursor=30"), SLOW);
    const list = await screen.findByRole("list", {}, SLOW);
    await waitFor(() => expect(within(list).getAllByRole("button")).toHaveLength(3), SLOW);
  });

  it("an empty day says so; a failed load says why and retries", async () => {
    await storeSession(waiterOf(7));
    let fail = true;
    stubHistory(() =>
      fail
        ? json(500, { code: "INTERNAL_ERROR", message: "boom" })
        : json(200, page({ orders: [], athensDay: "2026-07-01" })),
    );
    renderWithI18n(<StoreHistoryScreen storeId={7} tableId={205} />);
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.textContent).toContain("The orders could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No orders on this day.", {}, SLOW)).toBeTruthy();
  });

  it("a guest, and a waiter of store 132, get the not-allowed screen and nothing is asked of the server", async () => {
    for (const session of [testSession(), waiterOf(132)]) {
      await storeSession(session);
      const requests = stubHistory(() => json(200, page()));
      const view = renderWithI18n(<StoreHistoryScreen storeId={7} tableId={205} />);
      expect(
        await screen.findByRole("heading", { name: "This screen is for the staff of this store" }, SLOW),
      ).toBeTruthy();
      expect(requests).toEqual([]);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});

describe("the day is said in the UI's language, whatever language the date input writes it in", () => {
  afterEach(async () => {
    await selectLanguage("GRE");
  });

  it("Greek: the day with its weekday beside the input, as the input's description; it follows a new day", async () => {
    await storeSession(waiterOf(7));
    stubHistory((query) => json(200, page({ athensDay: query.get("day") ?? "2026-11-28" })));
    renderWithI18n(<StoreHistoryScreen storeId={7} tableId={205} />);
    const input = await screen.findByLabelText("Day", {}, SLOW);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("2026-11-28"), SLOW);
    const description = document.getElementById(input.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("Σάβ 28 Νοε 2026");

    fireEvent.change(input, { target: { value: "2026-11-27" } });
    await waitFor(() => expect(description?.textContent).toBe("Παρ 27 Νοε 2026"), SLOW);
  });

  it("English: the same day in English", async () => {
    await selectLanguage("ENG");
    await storeSession(waiterOf(7));
    stubHistory(() => json(200, page({ athensDay: "2026-11-28" })));
    renderWithI18n(<StoreHistoryScreen storeId={7} tableId={205} />);
    expect(await screen.findByRole("list", { name: "Orders of Sat, 28 Nov 2026" }, SLOW)).toBeTruthy();
    expect(screen.getByTestId("history-day").textContent).toBe("Sat, 28 Nov 2026");
  });
});
