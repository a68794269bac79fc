import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ItemDto } from "../../../domain/api";
import { cartItemOf } from "../../../domain/cart";
import { draft, group, item, names, option } from "../../../domain/test-support";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { appDb } from "../../db/app-db";
import { addToCart, readCart } from "../../db/cart-repository";
import { setViewportWidth } from "../../test-support/match-media";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import ItemModal, { type ItemModalProps } from "./ItemModal";

// 12:00 in Athens (09:00 UTC, summer).
const NOON = "2026-07-15T09:00:00Z";
const cartKey = { storeId: 1, serviceId: 1 };

// A freddo: mandatory radio "Sugar" (medium by default), checkbox "Extras" up to 2, photo.
const freddo = item(101, {
  names: {
    GRE: { name: "Freddo espresso", details: "Double espresso shaken with ice." },
    ENG: { name: "Freddo espresso" },
  },
  photo: "demo/freddo.svg",
  priceCents: 300,
  subselections: [
    group(1, {
      names: { GRE: { name: "Sugar" }, ENG: { name: "Sugar" } },
      type: "RADIO_BUTTON",
      mandatory: true,
      options: [
        option(11, { names: { GRE: { name: "No sugar" }, ENG: { name: "No sugar" } } }),
        option(12, { isSelected: true, names: { GRE: { name: "Medium" }, ENG: { name: "Medium" } } }),
      ],
    }),
    group(2, {
      names: { GRE: { name: "Extras" }, ENG: { name: "Extras" } },
      maximumSelected: 2,
      options: [
        option(21, { names: { GRE: { name: "Vanilla" }, ENG: { name: "Vanilla" } }, priceCents: 50 }),
        option(22, { names: { GRE: { name: "Caramel" }, ENG: { name: "Caramel" } }, priceCents: 50 }),
        option(23, { names: { GRE: { name: "Cinnamon" }, ENG: { name: "Cinnamon" } } }),
      ],
    }),
  ],
});

function renderModal(
  props: Partial<ItemModalProps> & { at?: string } = {},
  venue = venueFixture({ items: [freddo] }),
): {
  onClose: ReturnType<typeof vi.fn>;
  onDone: ReturnType<typeof vi.fn>;
} {
  const onClose = vi.fn();
  const onDone = vi.fn();
  const ui: ReactElement = (
    <ClockContext.Provider value={fixedAthensClock(props.at ?? NOON)}>
      <ItemModal
        request={props.request ?? { mode: "add", item: freddo }}
        venue={props.venue ?? venue}
        onClose={onClose}
        onDone={onDone}
      />
    </ClockContext.Provider>
  );
  renderWithI18n(ui);
  return { onClose, onDone };
}

const addButton = () => screen.findByRole("button", { name: /^Add to (cart|order)/ });

beforeEach(async () => {
  setViewportWidth(400);
  await appDb().transaction("rw", appDb().cartLines, appDb().cartMeta, async () => {
    await appDb().cartLines.clear();
    await appDb().cartMeta.clear();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("item modal: a real dialog (spec §2)", () => {
  it("is modal, labelled by the item's name, and Escape closes it", async () => {
    const { onClose } = renderModal();
    const dialog = screen.getByRole("dialog", { name: "Freddo espresso" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    await addButton();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });
});

describe("item modal: a request item (spec §3 item request)", () => {
  it("F7: says Request instead of a price, whatever price the item has", async () => {
    const towels = item(9, { names: names("Extra towels"), priceCents: 250, request: true });
    renderModal({ request: { mode: "add", item: towels } }, venueFixture({ items: [towels] }));
    const dialog = screen.getByRole("dialog", { name: "Extra towels" });
    expect(within(dialog).getByText("Request")).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/2[.,]50/);
  });
});

describe("item modal: subselection groups (spec §2, §5)", () => {
  it("marks mandatory groups with * and says 'up to N options' on checkbox groups", async () => {
    renderModal();
    await addButton();
    const sugar = screen.getByRole("heading", { name: "Sugar (required)" });
    expect(sugar.textContent).toMatch(/^Sugar \*/);
    expect(screen.getByRole("heading", { name: "Extras" }).textContent).not.toContain("*");
    expect(screen.getByText("up to 2 options")).toBeTruthy();
  });

  it("§9: groups are collapsible at 885 px or less", async () => {
    setViewportWidth(885);
    renderModal();
    await addButton();
    const toggle = screen.getByRole("button", { name: /Extras/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("checkbox", { name: /^Vanilla/ })).toBeNull();
    // The collapsed header shows what is picked.
    expect(within(screen.getByRole("button", { name: /Sugar/ })).queryByText("Medium")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Sugar/ }));
    expect(screen.getByRole("button", { name: /Sugar/ }).textContent).toContain("Medium");
  });

  it("§9: groups are always open above 885 px", async () => {
    setViewportWidth(886);
    renderModal();
    await addButton();
    expect(screen.queryByRole("button", { name: /Extras/ })).toBeNull();
    expect(screen.getByRole("checkbox", { name: /^Vanilla/ })).toBeTruthy();
  });

  it("§4: a checkbox pick beyond the maximum is ignored and warns for about 2.2 s", async () => {
    renderModal();
    await addButton();
    fireEvent.click(screen.getByRole("checkbox", { name: /^Vanilla/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /^Caramel/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /^Cinnamon/ }));
    expect((screen.getByRole("checkbox", { name: /^Cinnamon/ }) as HTMLInputElement).checked).toBe(false);
    expect(await screen.findByText("You can choose up to 2 options")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("You can choose up to 2 options")).toBeNull(), { timeout: 3000 });
  });
});

describe("item modal: photo (spec §2: hidden when the service hides photos, on failed load, for a desktop terminal)", () => {
  const photo = () => document.querySelector(".item-details__photo");

  it("shows the photo and hides it when it fails to load", async () => {
    renderModal();
    const image = photo();
    expect(image).not.toBeNull();
    fireEvent.error(image as Element);
    expect(photo()).toBeNull();
  });

  it("hides it when the service hides photos of items", () => {
    renderModal({ venue: venueFixture({ items: [freddo], service: { hidePhotosOfItems: true } }) });
    expect(photo()).toBeNull();
  });

  it("hides it on a terminal wider than 1018 px", () => {
    setViewportWidth(1280);
    renderModal({ venue: venueFixture({ items: [freddo], spot: { isPda: true } }) });
    expect(photo()).toBeNull();
  });

  it("shows it on a terminal of 1018 px", () => {
    setViewportWidth(1018);
    renderModal({ venue: venueFixture({ items: [freddo], spot: { isPda: true } }) });
    expect(photo()).not.toBeNull();
  });
});

describe("item modal: description clamped to 3 lines with read more/less (spec §2, §9)", () => {
  it("offers 'Read more' only when the text is cut, and 'Read less' once opened", () => {
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(120);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(72);
    renderModal();
    const more = screen.getByRole("button", { name: "Read more" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(screen.getByRole("button", { name: "Read less" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("has no toggle when the whole text fits", () => {
    renderModal();
    expect(screen.queryByRole("button", { name: "Read more" })).toBeNull();
  });
});

describe("item modal: the add button and the cart (spec §2, §4 cart add)", () => {
  it("says 'add to order' for store 132 (its addButtonWording is 'order')", async () => {
    renderModal({ venue: venueFixture({ items: [freddo], store: { storeId: 132, addButtonWording: "order" } }) });
    expect((await addButton()).textContent).toMatch(/^Add to order/);
  });

  it("says 'add to cart' in other stores, with the line's price", async () => {
    renderModal();
    expect((await addButton()).textContent).toMatch(/^Add to cart3,00\s€$/);
  });

  it("adds the line to the stored cart, and the same choice again merges into it", async () => {
    const { onDone } = renderModal();
    fireEvent.click(await addButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("Freddo espresso added to your cart"));
    await addToCart(appDb(), cartKey, { ...draft(), item: cartItemOf(freddo), selection: { 1: [12], 2: [] } });
    const cart = await readCart(appDb(), cartKey);
    expect(cart.lines.map((entry) => [entry.item.id, entry.quantity])).toEqual([[101, 2]]);
  });

  it("has no comment box outside interactive-catalogue stores", async () => {
    renderModal();
    await addButton();
    expect(screen.queryByLabelText("Comment (optional)")).toBeNull();
  });

  it("has a comment box in interactive-catalogue stores, and cleans the comment of emoji before adding", async () => {
    const { onDone } = renderModal({
      venue: venueFixture({ items: [freddo], store: { interactiveCatalogue: true } }),
    });
    await userEvent.type(await screen.findByLabelText("Comment (optional)"), "  no ice 🧊🙏 ");
    fireEvent.click(await addButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect((await readCart(appDb(), cartKey)).lines[0]?.comment).toBe("no ice");
  });

  it("§5: a per-kg item takes kilos instead of a quantity, with a decimal comma", async () => {
    const fish = item(201, { perKg: true, priceCents: 6500 });
    const { onDone } = renderModal({ request: { mode: "add", item: fish }, venue: venueFixture({ items: [fish] }) });
    expect(screen.queryByRole("button", { name: "Increase quantity" })).toBeNull();
    expect((await addButton()).hasAttribute("disabled")).toBe(true);
    await userEvent.type(screen.getByLabelText("Weight (kg)"), "0,8");
    const button = await addButton();
    expect(button.textContent).toMatch(/^Add to cart52,00\s€$/);
    fireEvent.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect((await readCart(appDb(), cartKey)).lines[0]).toMatchObject({ kilos: 0.8, quantity: 1 });
  });

  it("§5 kilos above 1000 are capped: the hint says so, and the field reads the cap once left", async () => {
    const fish = item(201, { perKg: true, priceCents: 6500 });
    renderModal({ request: { mode: "add", item: fish }, venue: venueFixture({ items: [fish] }) });
    const field = await screen.findByLabelText("Weight (kg)");
    await userEvent.type(field, "1500");
    expect(screen.getByText(/The weight is capped at 1000 kg/)).toBeTruthy();
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe("1000");
  });
});

describe("item modal: limits (spec §5)", () => {
  const espresso = item(102, { names: { GRE: { name: "Espresso" }, ENG: { name: "Espresso" } } });
  const limited = (maxItemsPerOrder: number, items: ItemDto[] = [espresso]) =>
    venueFixture({ items, service: { maxItemsPerOrder } });

  it("says 'You can add up to N products in total' when the stepper reaches the per-order maximum", async () => {
    await addToCart(appDb(), cartKey, draft({ id: 103 }));
    renderModal({ request: { mode: "add", item: espresso }, venue: limited(2) });
    await addButton();
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(await screen.findByText("You can add up to 2 products in total")).toBeTruthy();
  });

  it("says 'You can add up to N pieces of this product due to low stock'", async () => {
    const lowStock = item(104, { stockEnabled: true, stockAlignedToCartAddition: true, stockAmount: 1 });
    renderModal({ request: { mode: "add", item: lowStock }, venue: limited(0, [lowStock]) });
    await addButton();
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(await screen.findByText("You can add up to 1 piece of this product due to low stock")).toBeTruthy();
  });

  it("says 'You can add up to N products from category X' with the category's name", async () => {
    const deal = item(105, { productCategoryName: "Deals", maxProductsPerCartForThisCategory: 1 });
    renderModal({ request: { mode: "add", item: deal }, venue: limited(0, [deal]) });
    await addButton();
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(await screen.findByText("You can add up to 1 product from category Coffees")).toBeTruthy();
  });

  it("add mode: the banner enforces the per-order maximum ('cannot add more products to cart')", async () => {
    await addToCart(appDb(), cartKey, draft({ id: 103 }, { quantity: 2 }));
    renderModal({ request: { mode: "add", item: espresso }, venue: limited(2) });
    expect((await addButton()).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe("Cannot add more products to cart");
  });

  it("edit mode: the banner does not enforce the per-order maximum", async () => {
    const cart = await addToCart(appDb(), cartKey, draft({ id: 102 }, { quantity: 2 }));
    const editing = cart.lines[0];
    if (!editing) throw new Error("no line");
    renderModal({ request: { mode: "edit", line: { ...editing, item: cartItemOf(espresso) } }, venue: limited(1) });
    const update = await screen.findByRole("button", { name: /^Update/ });
    expect(update.hasAttribute("disabled")).toBe(false);
    expect(screen.queryByText("Cannot add more products to cart")).toBeNull();
  });

  it("banner 'cannot add more of this product due to low stock'", async () => {
    const lowStock = item(104, { stockEnabled: true, stockAlignedToCartAddition: true, stockAmount: 1 });
    await addToCart(
      appDb(),
      cartKey,
      draft({ id: 104, stockEnabled: true, stockAlignedToCartAddition: true, stockAmount: 1 }),
    );
    renderModal({ request: { mode: "add", item: lowStock }, venue: limited(0, [lowStock]) });
    await addButton();
    expect(screen.getByRole("alert").textContent).toBe("Cannot add more of this product due to low stock");
  });
});

describe("item modal: edit mode (spec §4: quantity 0 removes the line)", () => {
  it("updates the line, and at quantity 0 the button removes it", async () => {
    const cart = await addToCart(appDb(), cartKey, {
      ...draft(),
      item: cartItemOf(freddo),
      selection: { 1: [12] },
      quantity: 2,
    });
    const editing = cart.lines[0];
    if (!editing) throw new Error("no line");
    const { onDone } = renderModal({ request: { mode: "edit", line: editing } });
    await screen.findByRole("button", { name: /^Update/ });
    fireEvent.click(screen.getByRole("button", { name: "Decrease quantity" }));
    fireEvent.click(screen.getByRole("button", { name: "Decrease quantity" }));
    const remove = await screen.findByRole("button", { name: "Remove from cart" });
    fireEvent.click(remove);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("Freddo espresso removed"));
    expect((await readCart(appDb(), cartKey)).lines).toEqual([]);
  });
});

describe("item modal: ordering disabled when the service is closed (spec §4)", () => {
  it("disables adding and says why", async () => {
    const venue = venueFixture({ items: [freddo], service: { hours: { startTime: "09:00", endTime: "20:00" } } });
    // 21:30 in Athens.
    renderModal({ venue, at: "2026-07-15T18:30:00Z" });
    expect((await addButton()).hasAttribute("disabled")).toBe(true);
    // One sentence, the hour named once.
    expect(screen.getByText("Closed now, opens at 09:00: you can browse the menu meanwhile.")).toBeTruthy();
    expect(document.body.textContent?.match(/09:00/g)?.length).toBe(1);
  });
});

describe("item modal: read-only store (spec §1: view only)", () => {
  it("shows the item without any ordering control", async () => {
    renderModal({ venue: venueFixture({ items: [freddo], store: { readOnly: true } }) });
    expect(screen.getByRole("dialog", { name: "Freddo espresso" })).toBeTruthy();
    expect(screen.getByText("This menu is for viewing only; please order from a member of staff.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add to/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Increase quantity" })).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
  });
});

describe("the open item modal follows the live menu (guests see catalogue changes live)", () => {
  const modal = (items: ItemDto[]) => (
    <ClockContext.Provider value={fixedAthensClock(NOON)}>
      <ItemModal
        request={{ mode: "add", item: freddo }}
        venue={venueFixture({ items })}
        onClose={vi.fn()}
        onDone={vi.fn()}
      />
    </ClockContext.Provider>
  );

  it("spec §5 Stock: an item that sells out while its modal is open says so and can no longer be added", async () => {
    const view = renderWithI18n(modal([freddo]));
    await addButton();
    view.rerender(modal([{ ...freddo, stockEnabled: true, stockAmount: 0 }]));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This product is out of stock and cannot be added to your cart.",
    );
    expect(screen.queryByRole("button", { name: /^Add to (cart|order)/ })).toBeNull();
  });

  it("a price changed while the modal is open shows in its details", async () => {
    const view = renderWithI18n(modal([freddo]));
    await addButton();
    expect(screen.getAllByText(/3,00/).length).toBeGreaterThan(0);
    view.rerender(modal([{ ...freddo, priceCents: 420 }]));
    await waitFor(() => expect(screen.getAllByText(/4,20/).length).toBeGreaterThan(0));
  });
});
