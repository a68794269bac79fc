/**
 * The waiter's PDA: on a PDA spot a signed-in waiter picks a section, then a table
 * (tables with an open opening show what they owe), and the order goes through the same outbox;
 * it comes back ACCEPTED and the outcome shows the order's daily number.
 */
import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draft } from "../../../domain/test-support";
import { appDb } from "../../db/app-db";
import { addToCart } from "../../db/cart-repository";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { venue } from "../../test-support/venue";
import { dropAllCheckoutDrafts } from "./checkout-draft";
import { checkoutOptions, placedOrder, renderCheckout, stubApi } from "./checkout-test-support";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const key = { storeId: 1, serviceId: 1 };
const names = (name: string) => ({ GRE: { name }, ENG: { name } });

/** The store's PDA spot, where a waiter's order is for a table picked from the floor. */
const pdaSpot = venue({ spot: { isPda: true } });

/** What GET /api/checkout holds for a waiter on the store's PDA spot. */
const floor = checkoutOptions({
  tableSelectionRequired: true,
  paymentTypes: ["CASH"],
  availableTables: [
    { id: 7201, name: "Umbrella 1" },
    { id: 7401, name: "Table 1" },
    { id: 7407, name: "Table 7" },
  ],
  sectionsWithTheirTables: [
    { section: "Row 1", tables: [{ id: 7201, name: "Umbrella 1" }] },
    { section: "Veranda", tables: [{ id: 7401, name: "Table 1" }] },
    { section: "Hall", tables: [{ id: 7407, name: "Table 7" }] },
  ],
  tableFamilySections: [
    { family: "Beach", sections: ["Row 1"] },
    { family: "Restaurant", sections: ["Veranda", "Hall"] },
  ],
  restaurantsWithTheirTables: [
    {
      id: 1,
      names: names("Kyma restaurant"),
      tables: [
        { id: 7401, name: "Table 1" },
        { id: 7407, name: "Table 7" },
      ],
    },
  ],
  tablesWithOpenings: [{ spotId: 7401, openingId: 9, remainingCents: 1250 }],
  waiters: [],
  cardTerminals: [],
});

const waiterSession = () =>
  testSession({ user: { ...testSession().user, id: 7, name: "Nikos", phone: null, role: "WAITER", storeId: 1 } });

beforeEach(async () => {
  await Promise.all([appDb().cartLines.clear(), appDb().cartMeta.clear(), appDb().pendingOrders.clear()]);
  dropAllCheckoutDrafts();
  await storeSession(waiterSession());
  await addToCart(
    appDb(),
    key,
    draft({ id: 10, names: names("Freddo"), priceCents: 300, subselections: [] }, { quantity: 2 }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("the waiter's table picker on a PDA", () => {
  it("groups sections by restaurant, then by family; a section's tables are radios; an open table shows what it owes", async () => {
    stubApi({ checkout: floor });
    renderCheckout();
    const section = (await screen.findByLabelText("Section")) as HTMLSelectElement;
    const groups = [...section.querySelectorAll("optgroup")].map((g) => [
      g.label,
      [...g.querySelectorAll("option")].map((o) => o.textContent),
    ]);
    expect(groups).toEqual([
      ["Kyma restaurant", ["Veranda", "Hall"]],
      ["Beach", ["Row 1"]],
    ]);
    // The first section is shown at once; its open table says so, tied to the radio for screen readers.
    const table1 = screen.getByRole("radio", { name: "Table 1" });
    const owed = document.getElementById(table1.getAttribute("aria-describedby") ?? "");
    expect(owed?.textContent).toMatch(/^Open, .*12[.,]50.* to pay$/);
    fireEvent.click(table1);
    fireEvent.change(section, { target: { value: "Hall" } });
    expect(screen.queryByRole("radio", { name: "Table 1" })).toBeNull();
    // The pick of another section still shows: it is what the order is for.
    expect(screen.getByText("Order for Table 1")).toBeTruthy();
    const table7 = screen.getByRole("radio", { name: "Table 7" });
    expect(table7.getAttribute("aria-describedby")).toBeNull();
  });

  it("the table is required; the picked table goes out through the outbox with a key; the outcome is ACCEPTED with its daily number", async () => {
    const api = stubApi({
      checkout: floor,
      orders: [
        { status: 201, body: placedOrder({ status: "ACCEPTED", dailyNumber: 31, selectedTableName: "Table 7" }) },
      ],
    });
    renderCheckout(pdaSpot);
    // Sent at once: whether or not the floor has arrived yet (a slow PDA), nothing goes out.
    fireEvent.click(await screen.findByRole("button", { name: "Send order" }));
    expect(await screen.findByText("Please choose the table")).toBeTruthy();
    expect(api.orderPosts()).toHaveLength(0);

    fireEvent.change(await screen.findByLabelText("Section"), { target: { value: "Hall" } });
    fireEvent.click(screen.getByRole("radio", { name: "Table 7" }));
    fireEvent.click(screen.getByRole("button", { name: "Send order" }));
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    const [post] = api.orderPosts();
    expect(post?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(post?.body ?? "null")).toMatchObject({ selectedTableId: 7407, payment: { type: "CASH" } });

    const progress = await screen.findByTestId("order-progress");
    await waitFor(() => expect(progress.getAttribute("data-stage")).toBe("accepted"));
    expect(within(progress).getByRole("heading", { name: "Order placed for Table 7" })).toBeTruthy();
    expect(within(progress).getByTestId("order-daily-number").getAttribute("data-daily-number")).toBe("31");
  });

  it("F3: a table shows its seats ('4 seats'), said with what an open table owes; a table without a capacity says none", async () => {
    const seated = {
      ...floor,
      sectionsWithTheirTables: [
        { section: "Row 1", tables: [{ id: 7201, name: "Umbrella 1", capacity: 2 }] },
        { section: "Veranda", tables: [{ id: 7401, name: "Table 1", capacity: 4 }] },
        { section: "Hall", tables: [{ id: 7407, name: "Table 7", capacity: 0 }] },
      ],
    };
    stubApi({ checkout: seated });
    renderCheckout();
    const table1 = await screen.findByRole("radio", { name: "Table 1" });
    const described = (table1.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["4 seats", expect.stringMatching(/^Open, .*12[.,]50.* to pay$/)]);
    fireEvent.change(screen.getByLabelText("Section"), { target: { value: "Hall" } });
    const table7 = screen.getByRole("radio", { name: "Table 7" });
    expect(table7.getAttribute("aria-describedby")).toBeNull();
    expect(table7.closest("label")?.textContent).toBe("Table 7");
  });

  it("F13.2: 'Served by' offers the store's waiters, the signed-in one by default; another choice goes out with the order", async () => {
    const api = stubApi({
      checkout: {
        ...floor,
        waiters: [
          { id: 301, name: "Nikos", role: "WAITER" as const, signedIn: true as const },
          { id: 300, name: "Maria", role: "ADMIN" as const },
        ],
      },
      orders: [
        { status: 201, body: placedOrder({ status: "ACCEPTED", dailyNumber: 32, selectedTableName: "Table 1" }) },
      ],
    });
    renderCheckout(pdaSpot);
    const servedBy = (await screen.findByLabelText("Served by")) as HTMLSelectElement;
    expect([...servedBy.options].map((o) => o.textContent)).toEqual(["Me (Nikos)", "Maria"]);
    expect(servedBy.value).toBe("");
    fireEvent.change(servedBy, { target: { value: "300" } });
    fireEvent.click(screen.getByRole("radio", { name: "Table 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Send order" }));
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(JSON.parse(api.orderPosts()[0]?.body ?? "null")).toMatchObject({
      selectedTableId: 7401,
      servedByStaffId: 300,
    });
  });

  it("a waiter who signs in on the cart gets the picker: the checkout is read again for the new session", async () => {
    await clearSession();
    const asked: (string | null)[] = [];
    stubApi({
      checkout: (headers) => {
        asked.push(headers.get("authToken"));
        return headers.get("authToken") === null ? checkoutOptions({ tableSelectionRequired: true }) : floor;
      },
    });
    renderCheckout();
    expect(await screen.findByRole("combobox", { name: "Table" })).toBeTruthy();
    expect(screen.queryByLabelText("Section")).toBeNull();
    await storeSession(waiterSession());
    expect(await screen.findByLabelText("Section")).toBeTruthy();
    expect(asked).toEqual([null, "opaque-token"]);
  });

  it("a restored choice reopens in its table's section", async () => {
    stubApi({ checkout: floor });
    const first = renderCheckout();
    fireEvent.change(await screen.findByLabelText("Section"), { target: { value: "Row 1" } });
    fireEvent.click(screen.getByRole("radio", { name: "Umbrella 1" }));
    first.unmount();
    renderCheckout();
    expect(((await screen.findByLabelText("Section")) as HTMLSelectElement).value).toBe("Row 1");
    expect((screen.getByRole("radio", { name: "Umbrella 1" }) as HTMLInputElement).checked).toBe(true);
  });
});
