import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CartLineDraft } from "../../../domain/cart";
import { draft, group, option } from "../../../domain/test-support";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { appDb } from "../../db/app-db";
import { addToCart, removeCartLine } from "../../db/cart-repository";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import { ItemModalContext } from "../item/item-modal-context";
import CartBar from "./CartBar";
import { CartScreen } from "./CartScreen";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const key = { storeId: 1, serviceId: 1 };
const NOON = "2026-07-15T09:00:00Z";

function renderCart(venue = venueFixture(), at = NOON) {
  const openLine = vi.fn();
  renderWithI18n(
    <ClockContext.Provider value={fixedAthensClock(at)}>
      <ItemModalContext.Provider value={{ openItem: vi.fn(), openLine }}>
        <CartScreen venue={venue} />
      </ItemModalContext.Provider>
    </ClockContext.Provider>,
  );
  return { openLine };
}

async function add(...drafts: CartLineDraft[]) {
  for (const entry of drafts) await addToCart(appDb(), key, entry);
}

const coffee = (quantity = 1) =>
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
    },
    { quantity, selection: { 1: [11] }, comment: "no ice" },
  );
const fish = draft(
  { id: 20, names: { GRE: { name: "Sea bream" }, ENG: { name: "Sea bream" } }, perKg: true, priceCents: 6500 },
  { kilos: 0.8 },
);

beforeEach(async () => {
  await appDb().cartLines.clear();
  await appDb().cartMeta.clear();
});

describe("cart screen (spec §2 cart, §3 cart line, §9 cart total)", () => {
  it("lists each line with its options, comment, quantity or weight and line total, and the total", async () => {
    await add(coffee(2), fish);
    renderCart();
    const lines = await screen.findAllByRole("button", { description: "Tap an item to change or remove it." });
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toMatch(/^2×FreddoExtras: Vanilla“no ice”7,00\s€$/);
    // Per-kg: price x kilos (65.00 x 0.8).
    expect(lines[1]?.textContent).toMatch(/^0,8 kgSea bream52,00\s€$/);
    const totals = screen.getByRole("region", { name: "Total" });
    expect(within(totals).getAllByText(/59,00/)).toHaveLength(2);
  });

  it("F7: a request line (towels) says Request instead of a price and adds nothing to the total", async () => {
    const towels = draft(
      { id: 30, names: { GRE: { name: "Towels" }, ENG: { name: "Towels" } }, priceCents: 250, request: true },
      { quantity: 2 },
    );
    await add(coffee(2), towels);
    renderCart();
    const lines = await screen.findAllByRole("button", { description: "Tap an item to change or remove it." });
    expect(lines[1]?.textContent).toBe("2×TowelsRequest");
    const totals = screen.getByRole("region", { name: "Total" });
    expect(within(totals).getAllByText(/7,00/)).toHaveLength(2);
  });

  it("opens a tapped line in the item modal (edit mode)", async () => {
    await add(coffee());
    const { openLine } = renderCart();
    fireEvent.click(await screen.findByRole("button", { name: /Freddo/ }));
    expect(openLine).toHaveBeenCalledWith(expect.objectContaining({ id: 1, quantity: 1 }));
  });

  it("adds the room-service charge for rooms", async () => {
    await add(coffee(2));
    renderCart(venueFixture({ spot: { type: "HOTEL_ROOM" }, service: { roomServiceChargePercentage: 10 } }));
    expect(await screen.findByText("Room service charge 10%")).toBeTruthy();
    expect(screen.getByText(/\+0,70/)).toBeTruthy();
  });

  it("applies the delivery discount from its minimum, and says when it is not reached", async () => {
    const delivery = venueFixture({
      spot: { type: "DELIVERY" },
      service: { deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2000 } },
    });
    await add(coffee(2));
    renderCart(delivery);
    expect(await screen.findByText(/get 10% off/)).toBeTruthy();
    expect(screen.queryByText("Delivery discount 10%")).toBeNull();
  });

  it("shows the delivery discount once the subtotal reaches it", async () => {
    const delivery = venueFixture({
      spot: { type: "DELIVERY" },
      service: { deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2000 } },
    });
    await add(coffee(6));
    renderCart(delivery);
    expect(await screen.findByText("Delivery discount 10%")).toBeTruthy();
    expect(screen.getByText(/−2,10/)).toBeTruthy();
  });

  it("says how much is missing below the minimum order value", async () => {
    await add(coffee());
    renderCart(venueFixture({ service: { minimumOrderCents: 1000 } }));
    expect(await screen.findByText(/The minimum order is 10,00\s€: add 6,50\s€ more to send it\./)).toBeTruthy();
  });

  it("ends with the checkout's Send button (features/checkout covers sending)", async () => {
    await add(coffee());
    renderCart();
    const send = await screen.findByRole("button", { name: "Send order" });
    expect(send.hasAttribute("disabled")).toBe(false);
  });

  it("is empty with the way back to the menu", async () => {
    renderCart();
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
  });

  it("has no cart in a read-only store", () => {
    renderCart(venueFixture({ store: { readOnly: true } }));
    expect(screen.getByText("No cart in this menu")).toBeTruthy();
  });
});

describe("cart bar on the menu screens (count and total)", () => {
  function renderBar() {
    renderWithI18n(
      <ClockContext.Provider value={fixedAthensClock(NOON)}>
        <CartBar venue={venueFixture()} />
      </ClockContext.Provider>,
    );
  }

  it("shows the number of pieces and the total", async () => {
    await add(coffee(2), fish);
    renderBar();
    const link = await screen.findByRole("link", { name: /View cart/ });
    expect(link.textContent).toMatch(/^3View cart \(3 items\)59,00\s€$/);
  });

  it("goes away when the cart is emptied", async () => {
    await add(coffee());
    renderBar();
    expect(await screen.findByRole("link", { name: /View cart/ })).toBeTruthy();
    await removeCartLine(appDb(), key, 1);
    await waitFor(() => expect(screen.queryByRole("link", { name: /View cart/ })).toBeNull());
  });
});
