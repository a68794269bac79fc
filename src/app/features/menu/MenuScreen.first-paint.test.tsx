/**
 * The menu's first paint on a cold visit (no layout shift: CLS <= 0.01): the live rules' module
 * and the server's time arrive after it (use-live-rules.ts), so this file never loads them before
 * rendering, unlike MenuScreen.test.tsx.
 */
import "temporal-polyfill/global";
import { act, screen, within } from "@testing-library/react";
import { Profiler } from "react";
import { describe, expect, it, vi } from "vitest";
import { ALL_CATEGORIES_ACTIVE } from "../../../domain/categories";
import { item, names } from "../../../domain/test-support";
import { type AthensClock, fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { renderWithI18n } from "../../test-support/render";
import { category, venue as venueFixture } from "../../test-support/venue";
import { ItemModalContext } from "../item/item-modal-context";
import { FIRST_RENDER_ITEM_ROWS } from "./first-screen";
import { MenuScreen } from "./MenuScreen";
import { loadLiveRules } from "./use-live-rules";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));
// Whether the app's first screen is up (navigation/first-screen.ts; test-setup.ts marks it up for
// every other test): this file opens the menu as the app's first screen, then as a later one.
const firstScreen = vi.hoisted(() => ({ shown: false }));
vi.mock("../../navigation/first-screen", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../navigation/first-screen")>()),
  useFirstScreenShown: () => firstScreen.shown,
  isFirstScreenShown: () => firstScreen.shown,
}));

const freddo = item(1, {
  names: names("Freddo espresso"),
  priceCents: 400,
  membershipPriceCents: 0,
  memberPriceEnabled: true,
});
const beachBar = {
  membershipEnabled: true,
  membershipPricesVisible: true,
  happyHour: { discountPercentage: 30, startTime: "17:00", endTime: "19:00" },
};

/** A clock that does not know the time until `arrive` (the server's answer on a cold visit). */
function clockArrivingAt(iso: string): AthensClock & { arrive(): void } {
  const listeners = new Set<() => void>();
  const known = fixedAthensClock(iso).getSnapshot();
  let snapshot: typeof known = null;
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    arrive() {
      snapshot = known;
      for (const listener of listeners) listener();
    },
  };
}

function renderMenu(venue: ReturnType<typeof venueFixture>, clock: AthensClock, onCommit = () => {}) {
  renderWithI18n(
    <Profiler id="menu" onRender={onCommit}>
      <ClockContext.Provider value={clock}>
        <ItemModalContext.Provider value={{ openItem: vi.fn(), openLine: vi.fn() }}>
          <MenuScreen
            {...venue}
            screenName="Menu"
            activeCategories={ALL_CATEGORIES_ACTIVE}
            onToggleCategory={vi.fn()}
          />
        </ItemModalContext.Provider>
      </ClockContext.Provider>
    </Profiler>,
  );
}

describe("menu screen's first paint, before the live rules and the clock (nothing moves after)", () => {
  it("shows list prices and the member line at once; a running happy hour only adds its price later", async () => {
    // 17:30 in Athens: happy hour, once the clock says so.
    const clock = clockArrivingAt("2026-07-15T14:30:00Z");
    renderMenu(venueFixture({ items: [freddo], service: beachBar }), clock);
    const card = screen.getByRole("article", { name: "Freddo espresso" });
    expect(within(card).getByText(/^4,00\s€$/)).toBeTruthy();
    expect(card.querySelector("del")).toBeNull();
    expect(within(card).getByText("Free for members")).toBeTruthy();

    await act(async () => {
      await loadLiveRules();
    });
    act(() => clock.arrive());
    expect(within(card).getByText(/4,00/).closest("del")).not.toBeNull();
    expect(within(card).getByText(/2,80/)).toBeTruthy();
    expect(within(card).getByText("Free for members")).toBeTruthy();
  });
});

describe("menu screen: the first screen's rows first, then the rest (no long task)", () => {
  const many = Array.from({ length: FIRST_RENDER_ITEM_ROWS + 5 }, (_, index) =>
    item(index + 1, { categoryId: index < 3 ? 1 : 2, names: names(`Dish ${index + 1}`) }),
  );

  it("on the app's first screen: commits the first screen's rows alone, then every row in the menu's order", () => {
    const rowsPerCommit: number[] = [];
    renderMenu(
      venueFixture({ items: many, categories: [category(1, "Coffee"), category(2, "Beer")] }),
      fixedAthensClock("2026-07-15T09:00:00Z"),
      () => rowsPerCommit.push(document.querySelectorAll("article.menu-item").length),
    );
    expect(rowsPerCommit[0]).toBe(FIRST_RENDER_ITEM_ROWS);
    expect(rowsPerCommit.at(-1)).toBe(many.length);
    expect(screen.getAllByRole("article").map((card) => card.getAttribute("aria-labelledby"))).toEqual(
      many.map((dish) => `item-${dish.id}`),
    );
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Coffee",
      "Beer",
    ]);
  });

  it("after the first screen (back from the cart): every row at once, so the scroll position can be restored", () => {
    firstScreen.shown = true;
    const rowsPerCommit: number[] = [];
    renderMenu(
      venueFixture({ items: many, categories: [category(1, "Coffee"), category(2, "Beer")] }),
      fixedAthensClock("2026-07-15T09:00:00Z"),
      () => rowsPerCommit.push(document.querySelectorAll("article.menu-item").length),
    );
    expect(rowsPerCommit[0]).toBe(many.length);
  });
});
