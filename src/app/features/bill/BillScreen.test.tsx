import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bill } from "../../../domain/bill-api";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { formatPrice } from "../../i18n/money";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { openEntrance } from "../entrance/entrance-store";
import { BillScreen } from "./BillScreen";
import { keepBill } from "./last-bill";
import { testBill, testLine, testPaymentAnswer, testReceipt } from "./test-bill";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));
// The live stream is a STOMP socket: here it is "connected" and silent, so the screen reads the
// bill once and re-reads only when a test makes it.
vi.mock("./use-bill-stream", () => ({ useBillStream: () => ({ connected: true }) }));
vi.mock("../entrance/entrance-store", async (original) => ({
  ...(await original<typeof import("../entrance/entrance-store")>()),
  openEntrance: vi.fn(),
}));

/** Prices as testing-library reads them (its normaliser turns the no-break space into a space). */
const price = (cents: number) => formatPrice(cents, "GRE").replace(/\s/gu, " ");

type Answer = { status: number; body: unknown } | "network";
interface Recorded {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

/** The network edge: answers by method and path, in turn for repeated calls, and records each request. */
function serve(routes: Record<string, Answer | Answer[]>) {
  const requests: Recorded[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = await request.clone().text();
      const key = `${request.method} ${url.pathname}`;
      requests.push({
        method: request.method,
        path: url.pathname,
        body: text ? JSON.parse(text) : undefined,
        headers: request.headers,
      });
      const route = routes[key];
      if (route === undefined) throw new Error(`unexpected ${key}`);
      const turn = counts.get(key) ?? 0;
      counts.set(key, turn + 1);
      const answer = Array.isArray(route) ? (route[Math.min(turn, route.length - 1)] as Answer) : route;
      if (answer === "network") throw new TypeError("Failed to fetch");
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return {
    requests,
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

const BILL = "/api/tables/200/bill";
const PAYMENTS = "/api/tables/200/bill/payments";
const CALLS = "/api/tables/200/bill/calls";
const SAVED_CARDS = {
  status: 200,
  body: { cards: [{ cardToken: "tok_saved", brand: "visa", lastFourDigits: "4242" }] },
};

function serveBill(bill: Bill | Answer[], more: Record<string, Answer | Answer[]> = {}) {
  return serve({
    [`GET ${BILL}`]: Array.isArray(bill) ? bill : { status: 200, body: bill },
    "GET /api/creditCard/user": SAVED_CARDS,
    ...more,
  });
}

async function renderBill() {
  renderWithI18n(<BillScreen tableId={200} />);
  return await screen.findByRole("group", { name: "What do you pay?" });
}

/** The pay button by what it says it charges (prices hold a no-break space the name keeps). */
function payButton(cents: number) {
  return screen.getByRole("button", { name: (name) => name.replace(/\s/gu, " ") === `Pay ${price(cents)}` });
}

function chooseMode(name: RegExp | string) {
  fireEvent.click(screen.getByRole("radio", { name }));
}

beforeEach(async () => {
  await storeSession(testSession());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("bill screen: what the table owes", () => {
  it("bill: every line with its marks (yours, paid, on the house, canceled), the totals and the table's payments", async () => {
    serveBill(
      testBill({
        totalCents: 2000,
        paidCents: 700,
        waivedCents: 300,
        owedCents: 1000,
        lines: [
          testLine({ id: 1, quantity: 2, amountCents: 700, mine: true, state: "PAID" }),
          testLine({ id: 2, amountCents: 300, state: "TREATED" }),
          testLine({ id: 3, amountCents: 1000 }),
        ],
        payments: [
          { id: 5, method: "CARD_ONLINE", amountCents: 700, tipCents: 70, mine: true, at: "2026-07-01T09:10:00.000Z" },
        ],
      }),
    );
    renderWithI18n(<BillScreen tableId={200} />);
    expect(screen.getByRole("heading", { level: 1, name: "The bill" })).toBeTruthy();
    const lines = await screen.findByRole("list", { name: "Items on the bill" });
    const [paid, treated, open] = within(lines).getAllByRole("listitem");
    expect(within(paid as HTMLElement).getByText("Yours")).toBeTruthy();
    expect(within(paid as HTMLElement).getByText("Paid")).toBeTruthy();
    expect(within(treated as HTMLElement).getByText("On the house")).toBeTruthy();
    expect(within(open as HTMLElement).queryByText("Paid")).toBeNull();
    expect(screen.getByTestId("bill-owed").textContent?.replace(/\s/gu, " ")).toBe(price(1000));
    // What is owed is announced when anyone at the table pays.
    expect(screen.getByTestId("bill-owed").parentElement?.getAttribute("aria-live")).toBe("polite");
    const payments = screen.getByRole("list", { name: "Payments of the table" });
    expect(within(payments).getByText("You")).toBeTruthy();
    expect(within(payments).getByText(`+ tip ${price(70)}`)).toBeTruthy();
  });

  it("bill: nothing to pay yet before the store accepted an order", async () => {
    serveBill(testBill({ status: "NONE", lines: [], totalCents: 0, owedCents: 0 }));
    renderWithI18n(<BillScreen tableId={200} />);
    expect(await screen.findByText("Nothing to pay yet")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "What do you pay?" })).toBeNull();
  });

  it("bill: a settled table says so and offers no payment", async () => {
    serveBill(testBill({ status: "SETTLED", owedCents: 0, paidCents: 1000 }));
    renderWithI18n(<BillScreen tableId={200} />);
    expect(await screen.findByText("Settled, thank you!")).toBeTruthy();
    expect(screen.queryByTestId("bill-pay-button")).toBeNull();
  });

  it("bill: a guest with no order here lately is told so (403 NOT_AT_THIS_TABLE)", async () => {
    serveBill([{ status: 403, body: { code: "NOT_AT_THIS_TABLE", message: "not here" } }]);
    renderWithI18n(<BillScreen tableId={200} />);
    expect(await screen.findByText("You can see this bill only from a spot where you ordered lately")).toBeTruthy();
  });

  it("bill: signed out, the screen asks to sign in with the sign-in dialog", async () => {
    await clearSession();
    serveBill(testBill());
    renderWithI18n(<BillScreen tableId={200} />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(openEntrance).toHaveBeenCalled();
  });

  it("bill: offline, the last bill kept on the device shows as of its time and paying is disabled", async () => {
    keepBill(42, testBill({ readAt: "2026-07-01T09:15:00.000Z" }));
    serveBill(["network"]);
    await renderBill();
    const time = formatAthensTime("2026-07-01T09:15:00.000Z", "GRE");
    expect(await screen.findByText(`No connection: the bill as of ${time}.`)).toBeTruthy();
    expect(screen.getByTestId("bill-pay-offline")).toBeTruthy();
    expect((screen.getByRole("group", { name: "What do you pay?" }) as HTMLFieldSetElement).disabled).toBe(true);
    expect((screen.getByTestId("bill-pay-button") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Call the waiter" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("bill screen: choosing what to pay", () => {
  it("bill: a tip is never preselected; a preset adds its percentage, another amount what is typed", async () => {
    serveBill(testBill({ owedCents: 1000 }));
    await renderBill();
    chooseMode(/^Everything left/);
    const tips = screen.getByRole("group", { name: "Tip" });
    expect((within(tips).getByRole("radio", { name: "No tip" }) as HTMLInputElement).checked).toBe(true);
    for (const preset of within(tips).getAllByRole("radio", { name: /%/ })) {
      expect((preset as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.getByTestId("bill-pay-charged").textContent?.replace(/\s/gu, " ")).toBe(price(1000));

    fireEvent.click(within(tips).getByRole("radio", { name: /^10 %/ }));
    expect(screen.getByTestId("bill-pay-tip").textContent?.replace(/\s/gu, " ")).toBe(price(100));
    expect(screen.getByTestId("bill-pay-charged").textContent?.replace(/\s/gu, " ")).toBe(price(1100));

    fireEvent.click(within(tips).getByRole("radio", { name: "Another amount" }));
    fireEvent.change(screen.getByLabelText("Tip in euros"), { target: { value: "2,5" } });
    expect(screen.getByTestId("bill-pay-charged").textContent?.replace(/\s/gu, " ")).toBe(price(1250));
    expect(payButton(1250)).toBeTruthy();
  });

  it("bill: the last equal share of a split in progress takes the remainder cent", async () => {
    serveBill(testBill({ owedCents: 1501, split: { parts: 2, paidParts: 1 } }));
    await renderBill();
    chooseMode("An equal share");
    expect(screen.getByText("1 of 2 shares are already paid.")).toBeTruthy();
    expect(screen.getByTestId("bill-pay-amount").textContent?.replace(/\s/gu, " ")).toBe(price(1501));
  });

  it("bill: k of a line's pieces are paid at the PDA's split price, sent with the line as seen", async () => {
    const api = serveBill(testBill({ owedCents: 1000, lines: [testLine({ id: 9, quantity: 3, amountCents: 1000 })] }), {
      [`POST ${PAYMENTS}`]: { status: 201, body: testPaymentAnswer(testBill({ owedCents: 667 })) },
    });
    await renderBill();
    chooseMode("Chosen items");
    fireEvent.click(screen.getByRole("checkbox", { name: /Freddo espresso/ }));
    fireEvent.change(screen.getByLabelText("How many of them"), { target: { value: "1" } });
    expect(screen.getByTestId("bill-pay-amount").textContent?.replace(/\s/gu, " ")).toBe(price(333));
    await waitFor(() => expect(screen.getByRole("radio", { name: "Visa •••• 4242" })).toBeTruthy());
    fireEvent.click(payButton(333));
    await screen.findByTestId("bill-receipt");
    expect(api.to("POST", PAYMENTS)[0]?.body).toEqual({
      amountCents: 333,
      tipCents: 0,
      payment: { type: "CARD", cardToken: "tok_saved" },
      lines: [{ lineId: 9, quantity: 1, seen: { quantity: 3, amountCents: 1000 } }],
      language: "GRE",
    });
  });

  it("bill: an amount over what is owed cannot be sent", async () => {
    serveBill(testBill({ owedCents: 1000 }));
    await renderBill();
    chooseMode("An amount");
    fireEvent.change(screen.getByLabelText("Amount in euros"), { target: { value: "12" } });
    expect(screen.getByTestId("bill-pay-problem").textContent).toContain("more than the table owes");
    expect((screen.getByTestId("bill-pay-button") as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("bill screen: paying", () => {
  it("bill: a payment without an answer is sent again with the same Idempotency-Key, then shows the receipt", async () => {
    const after = testBill({ status: "SETTLED", owedCents: 0, paidCents: 1000 });
    const api = serveBill(testBill({ owedCents: 1000 }), {
      [`POST ${PAYMENTS}`]: ["network", { status: 201, body: testPaymentAnswer(after) }],
    });
    await renderBill();
    chooseMode(/^Everything left/);
    await waitFor(() => expect(screen.getByRole("radio", { name: "Visa •••• 4242" })).toBeTruthy());
    fireEvent.click(payButton(1000));
    expect(await screen.findByText(/We do not know yet whether the payment went through/)).toBeTruthy();
    // The choice is locked to the attempt until it has a definite answer.
    expect((screen.getByRole("group", { name: "What do you pay?" }) as HTMLFieldSetElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    const receipt = await screen.findByTestId("bill-receipt");
    const [first, second] = api.to("POST", PAYMENTS);
    expect(first?.headers.get("idempotency-key")).toMatch(/\S{8,}/);
    expect(second?.headers.get("idempotency-key")).toBe(first?.headers.get("idempotency-key"));
    expect(second?.body).toEqual(first?.body);
    expect(first?.body).toMatchObject({ amountCents: 1000, tipCents: 0, everything: true });
    // Focus moves to the receipt's heading in an effect after the receipt renders.
    await waitFor(() =>
      expect(within(receipt).getByRole("heading", { name: "Paid, thank you" })).toBe(document.activeElement),
    );
  });

  it.each([
    [
      "AMOUNT_OVER_OWED",
      409,
      { owedCents: 500 },
      "The amount is more than the table owes now; nothing was charged",
      `The table owes ${price(500)} now.`,
    ],
    [
      "CARD_DECLINED",
      402,
      { reason: "insufficient funds" },
      "The card was declined; nothing was charged. Try another card",
      "",
    ],
    ["BILL_SETTLED", 409, undefined, "This bill is already paid in full; nothing was charged", ""],
  ])(
    "bill: a refusal (%s) is shown in words and the bill is read again",
    async (code, status, details, text, extra) => {
      const api = serveBill(testBill({ owedCents: 1000 }), {
        [`POST ${PAYMENTS}`]: { status, body: { code, message: code, ...(details ? { details } : {}) } },
      });
      await renderBill();
      chooseMode(/^Everything left/);
      await waitFor(() => expect(screen.getByRole("radio", { name: "Visa •••• 4242" })).toBeTruthy());
      const readsBefore = api.to("GET", BILL).length;
      fireEvent.click(payButton(1000));
      const message = await screen.findByTestId("bill-error");
      expect(message.textContent?.replace(/\s/gu, " ")).toContain(text);
      if (extra) expect(message.textContent?.replace(/\s/gu, " ")).toContain(extra);
      await waitFor(() => expect(api.to("GET", BILL).length).toBeGreaterThan(readsBefore));
      // A refusal ends the attempt: the next tap is a new one.
      expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    },
  );

  it("bill: the receipt offers an e-mail prefilled from the profile, and says when it was sent", async () => {
    const api = serveBill(testBill({ owedCents: 1000 }), {
      [`POST ${PAYMENTS}`]: {
        status: 201,
        body: testPaymentAnswer(testBill({ owedCents: 0 }), testReceipt({ share: { parts: 2, count: 1 } })),
      },
      [`POST ${PAYMENTS}/77/email`]: { status: 202, body: undefined },
    });
    await renderBill();
    chooseMode(/^Everything left/);
    await waitFor(() => expect(screen.getByRole("radio", { name: "Visa •••• 4242" })).toBeTruthy());
    fireEvent.click(payButton(1000));
    const receipt = await screen.findByTestId("bill-receipt");
    expect(within(receipt).getByText("Kyma Beach Bar · Ομπρέλα 12")).toBeTruthy();
    expect(within(receipt).getByText("1 of 2 equal shares")).toBeTruthy();
    expect(within(receipt).getByTestId("bill-receipt-charged").textContent?.replace(/\s/gu, " ")).toBe(price(1100));
    expect(within(receipt).getByText(/Visa •••• 4242/)).toBeTruthy();
    const email = within(receipt).getByLabelText("E-mail the receipt to") as HTMLInputElement;
    expect(email.value).toBe("eleni@example.gr");
    fireEvent.click(within(receipt).getByRole("button", { name: "Send" }));
    expect(await within(receipt).findByText("Sent to eleni@example.gr.")).toBeTruthy();
    expect(api.to("POST", `${PAYMENTS}/77/email`)[0]?.body).toEqual({ email: "eleni@example.gr", language: "GRE" });
  });
});

describe("bill screen: the waiter", () => {
  it("bill: 'Call the waiter' sends one call with an Idempotency-Key and confirms the waiter is coming", async () => {
    const api = serveBill(testBill(), {
      [`POST ${CALLS}`]: { status: 201, body: { id: 1 } },
    });
    await renderBill();
    fireEvent.click(screen.getByRole("button", { name: "Call the waiter" }));
    expect(await screen.findByText("The waiter is coming.")).toBeTruthy();
    const [call] = api.to("POST", CALLS);
    expect(call?.body).toEqual({ kind: "CALL" });
    expect(call?.headers.get("idempotency-key")).toMatch(/\S{8,}/);
  });

  it("bill: 'I will pay the waiter in cash' tells the waiter the amount and tip chosen", async () => {
    const api = serveBill(testBill({ owedCents: 1000 }), {
      [`POST ${CALLS}`]: { status: 201, body: { id: 2 } },
    });
    await renderBill();
    chooseMode(/^Everything left/);
    fireEvent.click(screen.getByRole("radio", { name: /^5 %/ }));
    fireEvent.click(screen.getByRole("button", { name: "I will pay the waiter in cash" }));
    expect(await screen.findByText("The waiter is coming to take your payment.")).toBeTruthy();
    expect(api.to("POST", CALLS)[0]?.body).toEqual({ kind: "PAY_CASH", amountCents: 1000, tipCents: 50 });
  });
});

describe("bill screen: accessibility", () => {
  it("bill: with every choice open, axe finds no serious or critical violation", async () => {
    const { default: axe } = await import("axe-core");
    serveBill(testBill({ owedCents: 1000, split: { parts: 3, paidParts: 1 } }));
    await renderBill();
    chooseMode("Chosen items");
    fireEvent.click(screen.getByRole("checkbox", { name: /^2 × Freddo espresso/ }));
    fireEvent.click(screen.getByRole("radio", { name: "Another amount" }));
    fireEvent.click(screen.getByRole("radio", { name: "New card" }));
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  });
});
