import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test-support/render";
import { OrderProgress } from "./OrderProgress";
import type { OrderStage } from "./order-stage";

function show(stage: OrderStage) {
  const handlers = { onDone: vi.fn(), onSignIn: vi.fn(), onCancelHeld: vi.fn() };
  const view = renderWithI18n(<OrderProgress stage={stage} {...handlers} />);
  return { ...handlers, view };
}

const image = () => screen.getByTestId("order-progress").querySelector("img")?.getAttribute("src") ?? null;

describe("progress and outcome screens (spec §4 progress messages, §3 custom order images, §8 texts)", () => {
  const cases: [string, OrderStage, string, string | null][] = [
    ["sending (spec 'sent')", { kind: "sending" }, "Sending your order…", null],
    ["§8 check connection (offline)", { kind: "offline" }, "Check your connection", null],
    ["server trouble, still trying", { kind: "retrying" }, "Something went wrong, try again later", "server-error"],
    ["sent", { kind: "sent", dailyNumber: 12 }, "Your order has been sent", null],
    ["waiting for acceptance", { kind: "waiting", dailyNumber: 12 }, "Waiting for acceptance", null],
    [
      "under review (delayed-response services)",
      { kind: "under-review", dailyNumber: 12 },
      "Your order is under review",
      null,
    ],
    ["accepted", { kind: "accepted", dailyNumber: 12, preparation: null }, "Your order was accepted", "accepted"],
    ["rejected", { kind: "rejected", dailyNumber: 12, reason: null }, "Your order was rejected", "rejected"],
    [
      "§8 timed out",
      { kind: "timed-out", dailyNumber: 12 },
      "Your order ran out of time before being accepted",
      "timed-out",
    ],
    ["payment failed", { kind: "payment-failed", dailyNumber: 12 }, "Payment failed", "payment-failed"],
    ["gave up after 24 h", { kind: "expired" }, "Your order could not be sent", "server-error"],
  ];

  it.each(cases)("%s", (_name, stage, heading, picture) => {
    show(stage);
    expect(screen.getByRole("heading", { name: heading })).toBeTruthy();
    expect(image()).toBe(picture ? `/images/orders/${picture}.svg` : null);
  });

  it.each([
    ["PREPARING", "It is being prepared."],
    ["READY", "It is ready and will be with you in a moment."],
    ["ON_ITS_WAY", "It is on its way to you."],
  ] as const)("a store that shows preparation: accepted and %s says so", (preparation, text) => {
    show({ kind: "accepted", dailyNumber: 12, preparation });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByTestId("order-progress").dataset.preparation).toBe(preparation);
  });

  it("shows the daily order number", () => {
    show({ kind: "waiting", dailyNumber: 42 });
    expect(screen.getByText("Order number 42")).toBeTruthy();
  });

  it("beach Wi-Fi: waiting for the answer while offline says it waits for the connection, and only then", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const offline = show({ kind: "waiting", dailyNumber: 12 });
    expect(screen.getByTestId("order-progress-waiting-for-connection").textContent).toMatch(/Waiting for connection/);
    offline.view.unmount();
    // An outcome is final: nothing more to wait for, offline or not.
    const accepted = show({ kind: "accepted", dailyNumber: 12, preparation: null });
    expect(screen.queryByTestId("order-progress-waiting-for-connection")).toBeNull();
    accepted.view.unmount();
    onLine.mockReturnValue(true);
    show({ kind: "waiting", dailyNumber: 12 });
    expect(screen.queryByTestId("order-progress-waiting-for-connection")).toBeNull();
    onLine.mockRestore();
  });

  it("§8 offline: 'your order will be sent when you are back online'", () => {
    show({ kind: "offline" });
    expect(screen.getByText(/Your order will be sent when you are back online/)).toBeTruthy();
  });

  it("rejected shows the store's reason when given; payment failed the provider's", () => {
    show({ kind: "rejected", dailyNumber: 1, reason: "Out of fish today" });
    expect(screen.getByText("The store said: Out of fish today")).toBeTruthy();
  });

  it("announces changes in a polite live region", () => {
    show({ kind: "sending" });
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toContain("Sending your order…");
  });

  it("moves focus to an outcome, not to a progress step", () => {
    const { view } = show({ kind: "waiting", dailyNumber: 3 });
    expect(document.activeElement).toBe(document.body);
    view.rerender(
      <OrderProgress
        stage={{ kind: "timed-out", dailyNumber: 3 }}
        onDone={vi.fn()}
        onSignIn={vi.fn()}
        onCancelHeld={vi.fn()}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: /ran out of time/ }));
  });

  it("on hold: a heading of its own (the dialog over it says 'Complete order'), Continue (sign in) and Cancel order", () => {
    const { onSignIn, onCancelHeld } = show({ kind: "held" });
    expect(screen.getByRole("heading", { name: "Your order is ready to send" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Complete order" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(onCancelHeld).toHaveBeenCalledOnce();
  });

  it("an outcome ends with one button: Done after acceptance, Back to my cart otherwise", () => {
    const accepted = show({ kind: "accepted", dailyNumber: 3, preparation: null });
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(accepted.onDone).toHaveBeenCalledOnce();
    accepted.view.unmount();
    // The provider's reason ("Your card was declined.") is in its language, not the guest's: never shown.
    show({ kind: "payment-failed", dailyNumber: 3 });
    expect(
      screen.getByText("Nothing was ordered. The card was declined: please try another card or pay in cash."),
    ).toBeTruthy();
    expect(screen.queryByTestId("order-daily-number")).toBeNull();
    expect(screen.getByRole("button", { name: "Back to my cart" })).toBeTruthy();
  });

  it("no buttons while the order is on its way", () => {
    show({ kind: "waiting", dailyNumber: 3 });
    expect(screen.queryByRole("button")).toBeNull();
  });
});
