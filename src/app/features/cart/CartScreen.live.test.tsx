/**
 * The cart follows the live menu (a catalogue change read while the cart is open): a line whose
 * item sold out is named before sending, with a way to remove it; a changed price changes the
 * line and the total.
 */
import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ItemDto } from "../../../domain/api";
import { draft, item } from "../../../domain/test-support";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { appDb } from "../../db/app-db";
import { addToCart, readCart } from "../../db/cart-repository";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import { ItemModalContext } from "../item/item-modal-context";
import CartBar from "./CartBar";
import { CartScreen } from "./CartScreen";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const key = { storeId: 1, serviceId: 1 };
const NOON = "2026-07-15T09:00:00Z";
const FREDDO = { id: 10, names: { GRE: { name: "Freddo" }, ENG: { name: "Freddo" } }, priceCents: 300 };
const TOAST = { id: 11, names: { GRE: { name: "Toast" }, ENG: { name: "Toast" } }, priceCents: 400 };

function wrap(ui: React.ReactNode) {
  return (
    <ClockContext.Provider value={fixedAthensClock(NOON)}>
      <ItemModalContext.Provider value={{ openItem: vi.fn(), openLine: vi.fn() }}>{ui}</ItemModalContext.Provider>
    </ClockContext.Provider>
  );
}

const venueWith = (items: ItemDto[]) => venueFixture({ items });

beforeEach(async () => {
  await appDb().cartLines.clear();
  await appDb().cartMeta.clear();
  await addToCart(appDb(), key, draft(FREDDO, { quantity: 2 }));
  await addToCart(appDb(), key, draft(TOAST));
});

describe("the cart follows the live menu (guests see catalogue changes live)", () => {
  it("spec §5 Stock: a line whose item sold out is named before sending, and the guest can remove it", async () => {
    renderWithI18n(
      wrap(
        <CartScreen
          venue={venueWith([item(10, { ...FREDDO, stockEnabled: true, stockAmount: 0 }), item(11, TOAST)])}
        />,
      ),
    );
    const alert = await screen.findByRole("alert", { name: "A product in your cart is out of stock" });
    expect(within(alert).getByText("Freddo")).toBeTruthy();
    expect(within(alert).queryByText("Toast")).toBeNull();
    // The line itself says so too.
    await waitFor(() => expect(screen.getAllByText("Out of stock").length).toBeGreaterThan(0));
    fireEvent.click(within(alert).getByRole("button", { name: "Remove Freddo" }));
    await waitFor(() =>
      expect(screen.queryByRole("alert", { name: "A product in your cart is out of stock" })).toBeNull(),
    );
    expect((await readCart(appDb(), key)).lines.map((line) => line.item.id)).toEqual([11]);
  });

  it("a changed price shows in the cart's line and total, and is stored (the total sent is the new one)", async () => {
    renderWithI18n(wrap(<CartScreen venue={venueWith([item(10, { ...FREDDO, priceCents: 450 }), item(11, TOAST)])} />));
    // 2 x 4,50 + 4,00
    await waitFor(() => expect(screen.getByRole("region", { name: "Total" }).textContent).toMatch(/13,00/));
    expect((await readCart(appDb(), key)).lines[0]?.item.priceCents).toBe(450);
  });

  it("the cart bar's total follows a changed price on the menu screens", async () => {
    renderWithI18n(wrap(<CartBar venue={venueWith([item(10, { ...FREDDO, priceCents: 350 }), item(11, TOAST)])} />));
    await waitFor(() => expect(screen.getByRole("link", { name: /View cart/ }).textContent).toMatch(/11,00\s€$/));
  });
});
