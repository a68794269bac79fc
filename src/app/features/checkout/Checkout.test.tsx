import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draft, group, option } from "../../../domain/test-support";
import { appDb } from "../../db/app-db";
import { addToCart, readCart } from "../../db/cart-repository";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import { useEntranceRequest } from "../entrance/entrance-store";
import { dropAllCheckoutDrafts } from "./checkout-draft";
import { checkoutOptions, placedOrder, renderCheckout, statusEvent, stubApi } from "./checkout-test-support";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const key = { storeId: 1, serviceId: 1 };

/** Shows whether someone asked for the entrance dialog, and with an order on hold. */
function EntranceProbe() {
  const request = useEntranceRequest();
  return <p data-testid="entrance">{request ? `open:${String(request.orderOnHold)}` : "closed"}</p>;
}

const coffee = (quantity = 1, itemOverrides = {}) =>
  draft(
    {
      id: 10,
      names: { GRE: { name: "Freddo" }, ENG: { name: "Freddo" } },
      priceCents: 300,
      subselections: [
        group(1, {
          names: { GRE: { name: "Extras" }, ENG: { name: "Extras" } },
          options: [option(11, { names: { GRE: { name: "Vanilla" }, ENG: { name: "Vanilla" } }, priceCents: 50 })],
        }),
      ],
      ...itemOverrides,
    },
    { quantity, selection: { 1: [11] }, comment: "no ice" },
  );

const frappe = () => draft({ id: 20, names: { GRE: { name: "Frappe" }, ENG: { name: "Frappe" } }, priceCents: 250 });

const sendButton = () => screen.findByRole("button", { name: "Send order" });
const bodyOf = (request: { body: string } | undefined) => JSON.parse(request?.body ?? "null");

beforeEach(async () => {
  await Promise.all([
    appDb().cartLines.clear(),
    appDb().cartMeta.clear(),
    appDb().pendingOrders.clear(),
    appDb().deliveryInfo.clear(),
    appDb().pendingLogs.clear(),
  ]);
  dropAllCheckoutDrafts();
  await storeSession(testSession());
  await addToCart(appDb(), key, coffee(2));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("checkout: Send (design.md 'Orders: exactly once')", () => {
  it("§9 cash by default: sends the lines, the shown total and an idempotency key, then shows the progress", async () => {
    const api = stubApi({ checkout: checkoutOptions(), orders: [{ status: 201, body: placedOrder() }] });
    renderCheckout();
    expect((await screen.findByRole("radio", { name: "Cash" })) as HTMLInputElement).toHaveProperty("checked", true);
    fireEvent.change(screen.getByLabelText("Comment for the store"), { target: { value: "  by the pool 🌴 " } });
    fireEvent.click(await sendButton());
    const progress = await screen.findByTestId("order-progress");
    await waitFor(() => expect(progress.getAttribute("data-stage")).toBe("waiting"));
    expect(within(progress).getByRole("heading", { name: "Waiting for acceptance" })).toBeTruthy();
    expect(within(progress).getByText("Order number 12")).toBeTruthy();
    // The order took its lines: the card lists them, and the cart is free for a next round.
    expect(within(progress).getByRole("list", { name: "Your order" }).textContent).toBe("2× Freddo");
    expect(screen.queryByRole("button", { name: "Send order" })).toBeNull();
    expect(screen.getByText("Want something else? Add it from the menu and send it as a new order.")).toBeTruthy();
    const [post] = api.orderPosts();
    expect(post?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers.get("authToken")).toBe("opaque-token");
    expect(bodyOf(post)).toMatchObject({
      serviceId: 1,
      tableId: 11,
      lines: [{ itemId: 10, quantity: 2, kilos: null, comment: "no ice", selection: { 1: [11] } }],
      comment: "by the pool",
      expectedTotalCents: 700,
      payment: { type: "CASH" },
      scheduledFor: null,
    });
    expect((await readCart(appDb(), key)).lines).toEqual([]);
    expect((await appDb().pendingOrders.toArray()).map((row) => row.lines.map((line) => line.quantity))).toEqual([[2]]);
  });

  it("logs send-order-clicked with the storeId (spec §7)", async () => {
    stubApi({ checkout: checkoutOptions(), orders: [{ status: 201, body: placedOrder() }] });
    renderCheckout();
    fireEvent.click(await sendButton());
    await waitFor(async () =>
      expect((await appDb().pendingLogs.toArray()).map((row) => [row.event, row.body.storeId])).toContainEqual([
        "send-order-clicked",
        1,
      ]),
    );
  });

  it("accepted -> the accepted image and text, and the cart is cleared", async () => {
    stubApi({
      checkout: checkoutOptions(),
      orders: [{ status: 201, body: placedOrder() }],
      status: statusEvent("ACCEPTED"),
    });
    renderCheckout();
    fireEvent.click(await sendButton());
    const heading = await screen.findByRole("heading", { name: "Your order was accepted" }, { timeout: 4000 });
    // Focus moves to the outcome (keyboard and screen-reader users land on it).
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId("order-progress").querySelector("img")?.getAttribute("src")).toBe(
      "/images/orders/accepted.svg",
    );
    expect((await readCart(appDb(), key)).lines).toEqual([]);
    // The outcome is kept until read, across a reload; Done ends it.
    await waitFor(async () => expect((await appDb().pendingOrders.toArray())[0]?.ended?.status).toBe("ACCEPTED"));
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(async () => expect(await appDb().pendingOrders.count()).toBe(0));
  });

  it("a second round added while the first waits is its own order with its own key; the first card keeps only what it sent", async () => {
    const api = stubApi({
      checkout: checkoutOptions(),
      orders: [
        { status: 201, body: placedOrder() },
        { status: 201, body: placedOrder({ id: 78, dailyNumber: 13 }) },
      ],
      status: (orderId) => statusEvent("WAITING_FOR_ACCEPTANCE", { orderId, dailyNumber: orderId === 77 ? 12 : 13 }),
    });
    renderCheckout();
    fireEvent.click(await sendButton());
    await screen.findByText("Order number 12");
    await addToCart(appDb(), key, frappe());

    expect(await screen.findByRole("heading", { name: "Your next order" })).toBeTruthy();
    const [first] = screen.getAllByTestId("order-progress");
    expect(within(first as HTMLElement).getByRole("list", { name: "Your order" }).textContent).toBe("2× Freddo");
    fireEvent.click(await sendButton());

    await waitFor(() => expect(api.orderPosts()).toHaveLength(2));
    const [round1, round2] = api.orderPosts();
    expect(bodyOf(round2).lines).toEqual([{ itemId: 20, quantity: 1, kilos: null, comment: "", selection: {} }]);
    expect(round2?.headers.get("idempotency-key")).not.toBe(round1?.headers.get("idempotency-key"));
    await screen.findByText("Order number 13");
    const cards = screen.getAllByTestId("order-progress");
    expect(cards.map((card) => within(card).getByRole("list", { name: "Your order" }).textContent)).toEqual([
      "2× Freddo",
      "1× Frappe",
    ]);
  });

  it("a declined card gives the lines back; sending them again clears that outcome, one card stays: the new order", async () => {
    const api = stubApi({
      checkout: checkoutOptions(),
      orders: [
        { status: 201, body: placedOrder({ status: "PAYMENT_FAILED" }) },
        { status: 201, body: placedOrder({ id: 78, dailyNumber: 13 }) },
      ],
      status: (orderId) =>
        orderId === 77 ? statusEvent("PAYMENT_FAILED") : statusEvent("WAITING_FOR_ACCEPTANCE", { orderId }),
    });
    renderCheckout();
    fireEvent.click(await sendButton());
    await screen.findByRole("heading", { name: "Payment failed" });
    fireEvent.click(await sendButton());

    await waitFor(() => expect(api.orderPosts()).toHaveLength(2));
    expect(bodyOf(api.orderPosts()[1]).lines).toEqual(bodyOf(api.orderPosts()[0]).lines);
    await waitFor(() => expect(screen.getAllByTestId("order-progress")).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("order-progress").getAttribute("data-stage")).toBe("waiting"));
  });

  it("an order sent from one table is not shown on another table's cart of the same service", async () => {
    stubApi({ checkout: checkoutOptions(), orders: [{ status: 201, body: placedOrder() }] });
    const view = renderCheckout();
    fireEvent.click(await sendButton());
    await screen.findByText("Order number 12");
    view.unmount();

    renderCheckout(venueFixture({ spot: { id: 12 } }));
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
    expect(screen.queryByTestId("order-progress")).toBeNull();
  });

  it("Done on the first round's outcome keeps the second round in the cart", async () => {
    stubApi({
      checkout: checkoutOptions(),
      orders: [{ status: 201, body: placedOrder() }],
      status: statusEvent("ACCEPTED"),
    });
    renderCheckout();
    fireEvent.click(await sendButton());
    await screen.findByRole("heading", { name: "Your order was accepted" }, { timeout: 4000 });
    await addToCart(appDb(), key, frappe());
    await screen.findByRole("heading", { name: "Your next order" });
    fireEvent.click(screen.getByRole("button", { name: "Done" }));

    await waitFor(() => expect(screen.queryByTestId("order-progress")).toBeNull());
    expect(await sendButton()).toBeTruthy();
    expect((await readCart(appDb(), key)).lines.map((line) => line.item.id)).toEqual([20]);
  });

  it("§8 rejected with the store's reason -> the cart is kept and Send comes back after 'Back to my cart'", async () => {
    stubApi({
      checkout: checkoutOptions(),
      orders: [{ status: 201, body: placedOrder() }],
      status: statusEvent("REJECTED", { errorMessage: "Kitchen closed" }),
    });
    renderCheckout();
    fireEvent.click(await sendButton());
    expect(await screen.findByRole("heading", { name: "Your order was rejected" }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText("The store said: Kitchen closed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back to my cart" }));
    expect(await sendButton()).toBeTruthy();
    expect((await readCart(appDb(), key)).lines).toHaveLength(1);
  });

  it("a 4xx refusal shows its error above the form; nothing is queued and the cart stays", async () => {
    const api = stubApi({
      checkout: checkoutOptions(),
      orders: [{ status: 409, body: { code: "OUT_OF_STOCK", message: "Freddo" } }],
    });
    renderCheckout();
    fireEvent.click(await sendButton());
    expect(await screen.findByText("A product in your cart is out of stock", { exact: false })).toBeTruthy();
    expect(await appDb().pendingOrders.count()).toBe(0);
    expect(await sendButton()).toBeTruthy();
    expect(api.orderPosts()).toHaveLength(1);
  });

  it("§8 check connection: with no answer the order is kept and will be sent when back online", async () => {
    stubApi({ checkout: checkoutOptions(), orders: ["offline"] });
    renderCheckout();
    fireEvent.click(await sendButton());
    expect(await screen.findByRole("heading", { name: "Check your connection" })).toBeTruthy();
    expect(screen.getByText(/Your order will be sent when you are back online/)).toBeTruthy();
    const [row] = await appDb().pendingOrders.toArray();
    expect(row).toMatchObject({ attempts: 1, lastError: "NETWORK_ERROR", orderId: null });
  });

  it("signed out -> the order waits on hold and the entrance dialog opens as 'Complete order'", async () => {
    await clearSession();
    const api = stubApi({ checkout: checkoutOptions() });
    renderWithI18n(<EntranceProbe />);
    renderCheckout();
    fireEvent.click(await sendButton());
    expect(await screen.findByRole("heading", { name: "Your order is ready to send" })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("entrance").textContent).toBe("open:true"));
    expect(api.orderPosts()).toHaveLength(0);
    expect((await appDb().pendingOrders.toArray())[0]).toMatchObject({ onHold: true });
    // "Cancel order" drops the held checkout (it never reached the server).
    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(await sendButton()).toBeTruthy();
    expect(await appDb().pendingOrders.count()).toBe(0);
  });

  it("resumes the cart's unanswered checkout when the cart opens (after a reload)", async () => {
    stubApi({ checkout: checkoutOptions(), orders: ["offline"] });
    const first = renderCheckout();
    fireEvent.click(await sendButton());
    await screen.findByRole("heading", { name: "Check your connection" });
    const [row] = await appDb().pendingOrders.toArray();
    first.unmount();
    const api = stubApi({ checkout: checkoutOptions(), orders: [{ status: 201, body: placedOrder() }] });
    renderCheckout();
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(api.orderPosts()[0]?.headers.get("idempotency-key")).toBe(row?.idempotencyKey);
    expect(await screen.findByRole("heading", { name: "Waiting for acceptance" })).toBeTruthy();
  });
});

describe("checkout choices (spec §3 Payment, Checkout, Delivery info; §5 mandatory selections)", () => {
  it("keeps what was filled in across the delete-card and change-phone steps (the form remounts)", async () => {
    stubApi({ checkout: checkoutOptions() });
    const first = renderCheckout();
    fireEvent.change(await screen.findByLabelText("Comment for the store"), { target: { value: "by the pool" } });
    first.unmount();
    renderCheckout();
    expect(((await screen.findByLabelText("Comment for the store")) as HTMLTextAreaElement).value).toBe("by the pool");
  });

  it("§5 table selection mandatory when the checkout asks for it; the picked table is sent", async () => {
    const api = stubApi({
      checkout: checkoutOptions({
        tableSelectionRequired: true,
        availableTables: [
          { id: 3, name: "Table 3" },
          { id: 4, name: "Table 4" },
        ],
      }),
      orders: [{ status: 201, body: placedOrder() }],
    });
    renderCheckout();
    const table = await screen.findByLabelText("Table");
    fireEvent.click(await sendButton());
    expect(await screen.findByText("Please choose the table")).toBeTruthy();
    expect(api.orderPosts()).toHaveLength(0);
    fireEvent.change(table, { target: { value: "4" } });
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(bodyOf(api.orderPosts()[0])).toMatchObject({ selectedTableId: 4 });
  });

  it("charge to room needs the room; a Send without it logs send-order-clicked-without-room", async () => {
    const api = stubApi({
      checkout: checkoutOptions({
        paymentTypes: ["CASH", "CHARGE_TO_ROOM"],
        availableChargingRooms: [{ id: 301, name: "Room 301" }],
      }),
      orders: [{ status: 201, body: placedOrder() }],
    });
    renderCheckout(venueFixture({ store: { storeIsHotel: true } }));
    fireEvent.click(await screen.findByRole("radio", { name: "Charge to room" }));
    fireEvent.click(await sendButton());
    expect(await screen.findByText("Please choose the room to charge")).toBeTruthy();
    await waitFor(async () =>
      expect((await appDb().pendingLogs.toArray()).map((row) => row.event)).toContain(
        "send-order-clicked-without-room",
      ),
    );
    fireEvent.change(screen.getByLabelText("Room to charge"), { target: { value: "301" } });
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(bodyOf(api.orderPosts()[0]).payment).toEqual({ type: "CHARGE_TO_ROOM", chargingRoomId: 301 });
  });

  it("§4 selecting a saved card deselects the others; Delete opens the delete-card step for that card", async () => {
    const onDeleteCard = vi.fn();
    const api = stubApi({
      checkout: checkoutOptions(),
      cards: [
        { cardToken: "tok_visa_0001", brand: "Visa", lastFourDigits: "4242" },
        { cardToken: "tok_mc_000002", brand: "Mastercard", lastFourDigits: "4444" },
      ],
      orders: [{ status: 201, body: placedOrder() }],
    });
    renderCheckout(undefined, { onDeleteCard });
    const visa = (await screen.findByRole("radio", { name: "Visa •••• 4242" })) as HTMLInputElement;
    const mastercard = screen.getByRole("radio", { name: "Mastercard •••• 4444" }) as HTMLInputElement;
    fireEvent.click(visa);
    fireEvent.click(mastercard);
    expect([
      visa.checked,
      mastercard.checked,
      (screen.getByRole("radio", { name: "Cash" }) as HTMLInputElement).checked,
    ]).toEqual([false, true, false]);
    fireEvent.click(screen.getByRole("button", { name: "Delete card ending in 4242" }));
    expect(onDeleteCard).toHaveBeenCalledWith(expect.objectContaining({ cardToken: "tok_visa_0001" }));
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(bodyOf(api.orderPosts()[0]).payment).toEqual({ type: "CARD", cardToken: "tok_mc_000002", saveCard: false });
  });

  it("a new card is tokenized through the sandbox and may be saved; only the token is sent", async () => {
    const api = stubApi({
      checkout: checkoutOptions(),
      tokenized: { cardToken: "tok_sandbox_42", brand: "visa", lastFourDigits: "4242" },
      orders: [{ status: 201, body: placedOrder() }],
    });
    renderCheckout();
    fireEvent.click(await screen.findByRole("radio", { name: "New card" }));
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242 4242 4242 4242" } });
    fireEvent.change(screen.getByLabelText("Expiry (MM/YY)"), { target: { value: "12/34" } });
    fireEvent.change(screen.getByLabelText("Security code"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Use this card" }));
    // The provider says "visa"; people write "Visa".
    expect(await screen.findByText("Paying with Visa •••• 4242")).toBeTruthy();
    const tokenize = api.seen.find((each) => each.path === "/api/payments/sandbox/cards");
    expect(bodyOf(tokenize)).toEqual({ number: "4242424242424242", expiryMonth: 12, expiryYear: 2034, cvc: "123" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Save this card for next time" }));
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    const order = api.orderPosts()[0];
    expect(bodyOf(order).payment).toEqual({ type: "CARD", cardToken: "tok_sandbox_42", saveCard: true });
    expect(order?.body).not.toContain("4242424242424242");
    // Nothing of the card but its token reaches IndexedDB.
    expect(JSON.stringify(await appDb().pendingOrders.toArray())).not.toContain("4242424242424242");
  });

  it("refuses a card number that fails the check digit before asking the sandbox", async () => {
    const api = stubApi({ checkout: checkoutOptions() });
    renderCheckout();
    fireEvent.click(await screen.findByRole("radio", { name: "New card" }));
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242 4242 4242 4241" } });
    fireEvent.click(screen.getByRole("button", { name: "Use this card" }));
    expect(await screen.findByText("Please check the card number")).toBeTruthy();
    expect(api.seen.some((each) => each.path === "/api/payments/sandbox/cards")).toBe(false);
  });

  it("§3 delivery info: prefilled from the phone, kept, confirmed before sending (spec §5 confirm prompt)", async () => {
    await appDb().deliveryInfo.put({
      id: "last",
      address: "Vas. Olgas 12",
      area: "Kalamaria",
      postalCode: "55131",
      floor: "2",
      doorbell: "Papadopoulou",
    });
    const api = stubApi({
      checkout: checkoutOptions({ deliveryDetailsRequired: true }),
      orders: [{ status: 201, body: placedOrder() }],
    });
    renderCheckout(venueFixture({ spot: { type: "DELIVERY" } }));
    const address = (await screen.findByLabelText(/Address/)) as HTMLInputElement;
    await waitFor(() => expect(address.value).toBe("Vas. Olgas 12"));
    fireEvent.change(screen.getByLabelText("Floor"), { target: { value: "3" } });
    fireEvent.click(await sendButton());
    const dialog = await screen.findByRole("dialog", { name: "Delivery details" });
    expect(within(dialog).getByText(/Vas\. Olgas 12, Kalamaria 55131/)).toBeTruthy();
    expect(api.orderPosts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send order" }));
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(bodyOf(api.orderPosts()[0]).deliveryInfo).toEqual({
      address: "Vas. Olgas 12",
      area: "Kalamaria",
      postalCode: "55131",
      floor: "3",
      doorbell: "Papadopoulou",
    });
    expect(await appDb().deliveryInfo.get("last")).toMatchObject({ floor: "3" });
  });

  it("§5 missing delivery details are named and nothing is sent", async () => {
    const api = stubApi({ checkout: checkoutOptions({ deliveryDetailsRequired: true }) });
    renderCheckout(venueFixture({ spot: { type: "DELIVERY" } }));
    fireEvent.click(await sendButton());
    expect(await screen.findByText("Please fill in the address, area and postal code")).toBeTruthy();
    expect(screen.getByLabelText(/Address/).getAttribute("aria-invalid")).toBe("true");
    expect(api.orderPosts()).toHaveLength(0);
  });

  it("spec §1 the outcome by e-mail: optional, prefilled from the profile, sent only when ticked", async () => {
    const api = stubApi({ checkout: checkoutOptions(), orders: [{ status: 201, body: placedOrder() }] });
    renderCheckout();
    const wanted = await screen.findByRole("checkbox", { name: "Also send me the outcome by e-mail" });
    expect(screen.queryByLabelText("E-mail for the outcome")).toBeNull();
    fireEvent.click(wanted);
    // The profile's address arrives with the stored session, read after the first render.
    await waitFor(() =>
      expect((screen.getByLabelText("E-mail for the outcome") as HTMLInputElement).value).toBe("eleni@example.gr"),
    );
    fireEvent.change(screen.getByLabelText("E-mail for the outcome"), { target: { value: " Eleni.P@Example.GR " } });
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(bodyOf(api.orderPosts()[0]).notifyEmail).toBe("eleni.p@example.gr");
  });

  it.each([
    ["spec §8 E7: ticked with no address", "  "],
    ["spec §8 E6: ticked with a malformed address", "eleni@"],
  ])("%s: the catalogue's text, the field marked, nothing sent", async (_name, typed) => {
    const api = stubApi({ checkout: checkoutOptions() });
    renderCheckout();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Also send me the outcome by e-mail" }));
    fireEvent.change(screen.getByLabelText("E-mail for the outcome"), { target: { value: typed } });
    fireEvent.click(await sendButton());
    expect(await screen.findByText("Invalid email address")).toBeTruthy();
    expect(screen.getByLabelText("E-mail for the outcome").getAttribute("aria-invalid")).toBe("true");
    expect(api.orderPosts()).toHaveLength(0);
  });

  it("an order without the outcome by e-mail sends no address", async () => {
    const api = stubApi({ checkout: checkoutOptions(), orders: [{ status: 201, body: placedOrder() }] });
    renderCheckout();
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect("notifyEmail" in bodyOf(api.orderPosts()[0])).toBe(false);
  });

  it("§3 scheduled orders: the picker offers times inside the window (Athens) and sends the chosen one", async () => {
    const api = stubApi({
      checkout: checkoutOptions({ scheduledOrdersEnabled: true }),
      orders: [{ status: 201, body: placedOrder() }],
    });
    renderCheckout(
      venueFixture({
        service: { scheduledOrdersEnabled: true, scheduledOrdersHours: { startTime: "13:00", endTime: "14:00" } },
      }),
    );
    fireEvent.click(await screen.findByRole("radio", { name: "Schedule for later" }));
    const picker = screen.getByLabelText("Delivery time") as HTMLSelectElement;
    const labels = [...picker.options].map((each) => each.textContent);
    expect(labels).toEqual([
      "Choose a time",
      "Today 13:00",
      "Today 13:15",
      "Today 13:30",
      "Today 13:45",
      "Tomorrow 13:00",
      "Tomorrow 13:15",
      "Tomorrow 13:30",
      "Tomorrow 13:45",
    ]);
    fireEvent.click(await sendButton());
    expect(await screen.findByText("Please choose the delivery time")).toBeTruthy();
    fireEvent.change(picker, { target: { value: "2026-07-15T10:30:00Z" } });
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(bodyOf(api.orderPosts()[0]).scheduledFor).toBe("2026-07-15T10:30:00Z");
  });

  it("§9 member prices apply for a member of the store, and the total sent is the member total", async () => {
    await appDb().cartLines.clear();
    await addToCart(
      appDb(),
      key,
      coffee(2, { memberPriceEnabled: true, membershipPriceCents: 200, subselections: [] }),
    );
    const api = stubApi({
      checkout: checkoutOptions(),
      membership: true,
      orders: [{ status: 201, body: placedOrder() }],
    });
    renderCheckout(venueFixture({ service: { membershipEnabled: true } }));
    const totals = await screen.findByRole("region", { name: "Total" });
    await waitFor(() => expect(within(totals).getAllByText(/4,00/).length).toBeGreaterThan(0));
    fireEvent.click(await sendButton());
    await waitFor(() => expect(api.orderPosts()).toHaveLength(1));
    expect(bodyOf(api.orderPosts()[0]).expectedTotalCents).toBe(400);
  });

  it("location: asks for it on Send when the store checks it, and says so when refused", async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: "denied",
      } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    const api = stubApi({ checkout: checkoutOptions({ locationRequired: true }) });
    renderCheckout();
    // The checkout options must have arrived (they say the store checks the location).
    await waitFor(() => expect(api.seen.some((each) => each.path === "/api/checkout")).toBe(true));
    fireEvent.click(await sendButton());
    expect(await screen.findByText(/needs your location/)).toBeTruthy();
    expect(getCurrentPosition).toHaveBeenCalled();
    expect(api.orderPosts()).toHaveLength(0);
    Reflect.deleteProperty(navigator, "geolocation");
  });
});
