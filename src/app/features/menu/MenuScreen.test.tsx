import "temporal-polyfill/global";
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ALL_CATEGORIES_ACTIVE } from "../../../domain/categories";
import { item, names } from "../../../domain/test-support";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { renderWithI18n } from "../../test-support/render";
import { category, venue as venueFixture } from "../../test-support/venue";
import { ItemModalContext } from "../item/item-modal-context";
import { MenuScreen } from "./MenuScreen";
import { loadLiveRules } from "./use-live-rules";

// Links need a router; plain anchors are enough for what these tests look at.
vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const freddo = item(1, {
  names: names("Freddo espresso"),
  priceCents: 400,
  membershipPriceCents: 0,
  memberPriceEnabled: true,
});
const beer = item(2, { categoryId: 2, names: names("Mythos"), priceCents: 650 });
const beachBar = {
  membershipEnabled: true,
  membershipPricesVisible: true,
  happyHour: { discountPercentage: 30, startTime: "17:00", endTime: "19:00" },
};

// The rules that need the clock load after the first render in the app; here, once before all.
beforeAll(async () => {
  await loadLiveRules();
});

function renderMenu({
  at = "2026-07-15T09:00:00Z",
  venue = venueFixture({ items: [freddo, beer], categories: [category(1, "Coffee"), category(2, "Beer")] }),
  active = ALL_CATEGORIES_ACTIVE as readonly number[],
} = {}) {
  const openItem = vi.fn();
  const onToggleCategory = vi.fn();
  renderWithI18n(
    <ClockContext.Provider value={fixedAthensClock(at)}>
      <ItemModalContext.Provider value={{ openItem, openLine: vi.fn() }}>
        <MenuScreen {...venue} screenName="Menu" activeCategories={active} onToggleCategory={onToggleCategory} />
      </ItemModalContext.Provider>
    </ClockContext.Provider>,
  );
  return { openItem, onToggleCategory };
}

describe("menu screen: request items (spec §3 item request)", () => {
  it("F7: a request (towels) says Request instead of a price; a priced item keeps its price", () => {
    const towels = item(3, { names: names("Extra towels"), priceCents: 250, priceable: true, request: true });
    renderMenu({ venue: venueFixture({ items: [freddo, towels], categories: [category(1, "Coffee")] }) });
    const card = screen.getByRole("button", { name: "Extra towels" }).closest("li") as HTMLElement;
    expect(within(card).getByText("Request")).toBeTruthy();
    expect(card.textContent).not.toMatch(/2[.,]50/);
    const coffee = screen.getByRole("button", { name: "Freddo espresso" }).closest("li") as HTMLElement;
    expect(coffee.textContent).toMatch(/4[.,]00/);
  });
});

describe("menu screen: read-only store (spec §1: view only, no add buttons, no cart)", () => {
  it("shows the menu with a notice, without add signs or a cart, and items still open for viewing", () => {
    const { openItem } = renderMenu({ venue: venueFixture({ items: [freddo], store: { readOnly: true } }) });
    expect(screen.getAllByText("This menu is for viewing only; please order from a member of staff.")).not.toHaveLength(
      0,
    );
    expect(screen.queryByText("My cart")).toBeNull();
    expect(document.querySelector(".menu-item__add")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Freddo espresso" }));
    expect(openItem).toHaveBeenCalledWith(freddo);
  });

  it("has add signs and the cart in a normal store", () => {
    renderMenu({ venue: venueFixture({ items: [freddo] }) });
    expect(screen.getByText("My cart")).toBeTruthy();
    expect(document.querySelector(".menu-item__add")).not.toBeNull();
  });
});

describe("menu screen: open state (spec §4 service open, by the clock's Athens time)", () => {
  const hours = { startTime: "09:00", endTime: "20:00" };

  it("says open until the closing time", () => {
    renderMenu({ venue: venueFixture({ items: [freddo], service: { hours } }) });
    expect(screen.getByText("Open now · until 20:00")).toBeTruthy();
  });

  it("says closed, when it opens, and that ordering waits", () => {
    renderMenu({ at: "2026-07-15T04:00:00Z", venue: venueFixture({ items: [freddo], service: { hours } }) });
    // One sentence, the hour named once.
    expect(screen.getByText("Closed now, opens at 09:00: you can browse the menu meanwhile.")).toBeTruthy();
    expect(document.body.textContent?.match(/09:00/g)?.length).toBe(1);
  });
});

describe("menu screen: membership wording (spec §1/§6: all-inclusive in hotel stores)", () => {
  it("says all-inclusive in a hotel", () => {
    renderMenu({ venue: venueFixture({ items: [freddo], service: beachBar, store: { storeIsHotel: true } }) });
    expect(screen.getByText("Included in all-inclusive")).toBeTruthy();
  });

  it("says member elsewhere", () => {
    renderMenu({ venue: venueFixture({ items: [freddo], service: beachBar }) });
    expect(screen.getByText("Free for members")).toBeTruthy();
  });
});

describe("menu screen: happy hour (spec §1 banner, §9 happy-hour price)", () => {
  it("during the window: the banner says so and items show the discounted price beside the regular one", () => {
    // 17:30 in Athens.
    renderMenu({ at: "2026-07-15T14:30:00Z", venue: venueFixture({ items: [freddo], service: beachBar }) });
    expect(screen.getByText("Happy hour now: −30%")).toBeTruthy();
    const card = screen.getByRole("article", { name: "Freddo espresso" });
    expect(within(card).getByText(/4,00/).closest("del")).not.toBeNull();
    expect(within(card).getByText(/2,80/)).toBeTruthy();
  });

  it("outside it: the banner announces the window and prices are regular", () => {
    renderMenu({ venue: venueFixture({ items: [freddo], service: beachBar }) });
    expect(screen.getByText("Happy hour −30%")).toBeTruthy();
    expect(screen.getByText("from 17:00 to 19:00")).toBeTruthy();
    const card = screen.getByRole("article", { name: "Freddo espresso" });
    expect(card.querySelector("del")).toBeNull();
  });
});

describe("menu screen: contest banner (spec §9: draw 31 August 2022, shown until the draw date passes)", () => {
  it("shows before the draw", () => {
    renderMenu({ at: "2022-08-20T09:00:00Z" });
    expect(screen.getByText("Win a tablet!")).toBeTruthy();
  });

  it("does not show in 2026", () => {
    renderMenu();
    expect(screen.queryByText("Win a tablet!")).toBeNull();
  });
});

describe("menu screen: categories (spec §4: All (-1) and the category filter)", () => {
  it("marks All as active when nothing else is, and passes a picked category on", () => {
    const { onToggleCategory } = renderMenu();
    const chips = screen.getByRole("group", { name: "Categories" });
    expect(within(chips).getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(chips).getByRole("button", { name: "Beer" }));
    expect(onToggleCategory).toHaveBeenCalledWith(2);
  });

  it("shows only the active categories, with All off", () => {
    renderMenu({ active: [2] });
    const chips = screen.getByRole("group", { name: "Categories" });
    expect(within(chips).getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    expect(within(chips).getByRole("button", { name: "Beer" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("article", { name: "Freddo espresso" })).toBeNull();
    expect(screen.getByRole("article", { name: "Mythos" })).toBeTruthy();
  });
});

describe("menu screen: the first screen's photos (no layout shift, first rows first)", () => {
  it("the first rows' photos load eagerly with high priority, later ones lazily, every one with its size", () => {
    const photoItems = [1, 2, 3, 4, 5, 6].map((id) =>
      item(id, { categoryId: id <= 2 ? 1 : 2, names: names(`Dish ${id}`), photo: `/images/demo/${id}.webp` }),
    );
    const { container } = renderWithI18n(
      <ClockContext.Provider value={fixedAthensClock("2026-07-15T09:00:00Z")}>
        <ItemModalContext.Provider value={{ openItem: vi.fn(), openLine: vi.fn() }}>
          <MenuScreen
            {...venueFixture({ items: photoItems, categories: [category(1, "Coffee"), category(2, "Beer")] })}
            screenName="Menu"
            activeCategories={ALL_CATEGORIES_ACTIVE}
            onToggleCategory={vi.fn()}
          />
        </ItemModalContext.Provider>
      </ClockContext.Provider>,
    );
    const photos = [...container.querySelectorAll("img.menu-item__photo")];
    expect(photos.map((photo) => [photo.getAttribute("loading"), photo.getAttribute("fetchpriority")])).toEqual([
      ["eager", "high"],
      ["eager", "high"],
      ["eager", "high"],
      ["eager", "high"],
      ["lazy", "auto"],
      ["lazy", "auto"],
    ]);
    for (const photo of photos) {
      expect(photo.getAttribute("width")).toBe("96");
      expect(photo.getAttribute("height")).toBe("96");
    }
  });
});
