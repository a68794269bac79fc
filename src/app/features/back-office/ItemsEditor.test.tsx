import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffCatalogue, StaffCatalogueItem } from "../../../domain/staff-catalogue-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { PLAIN_SERVICE_SETTINGS } from "../../test-support/service-settings";
import { jsonResponse as json, type SentCall, stubStaffApi } from "../../test-support/staff-api-stub";
import { BackOfficeItemsScreen } from "./BackOfficeScreens";

const blocker = vi.hoisted(() => ({ shouldBlock: null as null | (() => boolean) }));
vi.mock("@tanstack/react-router", async () => ({
  ...(await import("../../test-support/router-stub")),
  useBlocker: (options: { shouldBlockFn: () => boolean }) => {
    blocker.shouldBlock = options.shouldBlockFn;
  },
}));

const SLOW = { timeout: 5000 };
const adminSession = testSession({
  user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 },
});

const freddo: StaffCatalogueItem = {
  itemId: 70101,
  version: 1,
  names: { GRE: { name: "Φρέντο εσπρέσο" }, ENG: { name: "Freddo espresso" }, ITA: { name: "Freddo" } },
  priceCents: 400,
  membershipPriceCents: 0,
  memberPriceEnabled: true,
  membershipAdditionCents: null,
  perKg: false,
  photo: "demo/freddo.svg",
  stockEnabled: false,
  stockAmount: null,
};
const tost: StaffCatalogueItem = {
  ...freddo,
  itemId: 70201,
  names: { GRE: { name: "Τοστ" }, ENG: { name: "Toast" } },
  priceCents: 350,
  membershipPriceCents: null,
  memberPriceEnabled: false,
};

function catalogueWith(...items: StaffCatalogueItem[]): StaffCatalogue {
  return {
    storeId: 7,
    catalogueVersion: 5,
    services: [
      {
        serviceId: 701,
        version: 1,
        slug: "beach-bar",
        names: { GRE: { name: "Μπαρ" }, ENG: { name: "Beach bar" } },
        ...PLAIN_SERVICE_SETTINGS,
        categories: [
          {
            categoryId: 7101,
            version: 1,
            names: { GRE: { name: "Καφέδες" }, ENG: { name: "Coffee" } },
            maxProductsPerCart: null,
            items,
          },
        ],
      },
    ],
  };
}

/** The API at the fetch edge: `answer` decides each write; reads answer `stored`. */
const mockApi = (answer: (sent: SentCall) => Response | Promise<Response>, stored: () => StaffCatalogue) =>
  stubStaffApi(answer, { "/api/staff/stores/7/catalogue": stored });

async function openFreddo() {
  renderWithI18n(<BackOfficeItemsScreen />);
  fireEvent.change(await screen.findByLabelText("Search items", {}, SLOW), { target: { value: "fred" } });
  expect(screen.queryByRole("button", { name: "Toast" })).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Freddo espresso" }));
  return screen.getByLabelText("Price") as HTMLInputElement;
}

beforeEach(async () => {
  await storeSession(adminSession);
  blocker.shouldBlock = null;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await clearSession();
});

describe("back office: the items editor", () => {
  it("a changed price is saved as cents with the item's version, only the changed field, and an Idempotency-Key", async () => {
    const sent = mockApi(
      (entry) => json(200, { ...freddo, version: 2, priceCents: (entry.body as { priceCents: number }).priceCents }),
      () => catalogueWith(freddo, tost),
    );
    const price = await openFreddo();
    expect(price.value).toBe("4.00");
    fireEvent.change(price, { target: { value: "3,50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "PATCH",
      path: "/api/staff/stores/7/items/70101",
      body: { version: 1, priceCents: 350 },
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(price.value).toBe("3.50");
  });

  it("a negative price is refused beside the field (aria-describedby, focus) and nothing is sent", async () => {
    const sent = mockApi(
      () => json(500, {}),
      () => catalogueWith(freddo),
    );
    const price = await openFreddo();
    fireEvent.change(price, { target: { value: "-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(price.getAttribute("aria-invalid")).toBe("true"));
    const error = document.getElementById(price.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toBe("A price cannot be negative.");
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(sent).toEqual([]);
  });

  it("a missing Greek or English name is refused beside its field", async () => {
    const sent = mockApi(
      () => json(500, {}),
      () => catalogueWith(freddo),
    );
    await openFreddo();
    const english = screen.getByLabelText("Name in English (required)");
    fireEvent.change(english, { target: { value: " " } });
    expect(screen.getByLabelText("Name in Italian")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(english.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("The Greek and the English name are required.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("a server refusal with a path (400 VALIDATION_FAILED) is shown beside that field", async () => {
    mockApi(
      () => json(400, { code: "VALIDATION_FAILED", message: "priceCents: must be <= 100000000" }),
      () => catalogueWith(freddo),
    );
    const price = await openFreddo();
    fireEvent.change(price, { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(price.getAttribute("aria-invalid")).toBe("true"), SLOW);
    expect(document.getElementById(price.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Refused: priceCents: must be <= 100000000",
    );
  });

  it("a save without an answer keeps what was typed; the retry is the same save with the same key", async () => {
    let attempts = 0;
    const sent = mockApi(
      () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return json(200, { ...freddo, version: 2, priceCents: 350 });
      },
      () => catalogueWith(freddo),
    );
    const price = await openFreddo();
    fireEvent.change(price, { target: { value: "3,50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Not saved: no answer from the server/, {}, SLOW)).toBeTruthy();
    expect(price.value).toBe("3,50");
    // Leaving now asks first: what was typed is not lost unseen.
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    expect(blocker.shouldBlock?.()).toBe(true);
    expect(confirm).toHaveBeenCalledWith("You have unsaved changes. Leave without saving them?");
    fireEvent.click(screen.getByRole("button", { name: "Try saving again" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    await waitFor(() => expect(blocker.shouldBlock?.()).toBe(false));
  });

  it("another admin's change meanwhile (409 ITEM_CHANGED): the current value is shown; taking it re-applies the typed change on its version", async () => {
    let stored = catalogueWith(freddo);
    const sent = mockApi(
      (entry) => {
        const body = entry.body as { version: number; priceCents: number };
        if (body.version === 1) {
          return json(409, { code: "ITEM_CHANGED", message: "changed", details: { version: 2 } });
        }
        return json(200, {
          ...freddo,
          version: 3,
          priceCents: body.priceCents,
          names: stored.services[0]?.categories[0]?.items[0]?.names,
        });
      },
      () => stored,
    );
    const price = await openFreddo();
    // Another admin renames it and sets 4,50 meanwhile.
    stored = catalogueWith({
      ...freddo,
      version: 2,
      priceCents: 450,
      names: { ...freddo.names, ENG: { name: "Freddo" } },
    });
    fireEvent.change(price, { target: { value: "3,80" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByText("This item was changed meanwhile by another admin.", {}, SLOW);
    const alert = notice.closest("[role='alert']") as HTMLElement;
    expect(within(alert).getByText("Now: Φρέντο εσπρέσο / Freddo, price €4.50, member price €0.00.")).toBeTruthy();
    fireEvent.click(within(alert).getByRole("button", { name: "Take the current version and re-apply my changes" }));
    expect(price.value).toBe("3,80");
    expect((screen.getByLabelText("Name in English (required)") as HTMLInputElement).value).toBe("Freddo");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent.map((entry) => entry.body)).toEqual([
      { version: 1, priceCents: 380 },
      { version: 2, priceCents: 380 },
    ]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it("stock: sold out is PUT .../stock with stockEnabled and 0 pieces", async () => {
    const sent = mockApi(
      () => json(200, { itemId: 70101, stockEnabled: true, stockAlignedToCartAddition: false, stockAmount: 0 }),
      () => catalogueWith(freddo),
    );
    await openFreddo();
    fireEvent.click(screen.getByRole("button", { name: "Mark sold out" }));
    expect((screen.getByLabelText("Pieces left") as HTMLInputElement).value).toBe("0");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/staff/stores/7/items/70101/stock",
        body: { stockEnabled: true, stockAmount: 0 },
      }),
    ]);
    expect(screen.getByText("sold out")).toBeTruthy();
  });
});

describe("back office: an item's photo upload", () => {
  it("refuses a file over 8 MB and an SVG before sending anything", async () => {
    const sent = mockApi(
      () => json(500, {}),
      () => catalogueWith(freddo),
    );
    await openFreddo();
    const input = screen.getByLabelText(/Upload a new photo/);
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText("This file is larger than 8 MB: choose a smaller photo.")).toBeTruthy();
    const svg = new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" });
    fireEvent.change(input, { target: { files: [svg] } });
    expect(
      await screen.findByText("Choose a JPEG, PNG or WebP photo (an SVG or another kind of file is not accepted)."),
    ).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("uploads the file itself in its own type with a key and shows the returned photo", async () => {
    const sent = mockApi(
      () => json(200, { photo: "/images/uploads/7/70101-abc.webp", width: 800, height: 600 }),
      () => catalogueWith(freddo),
    );
    await openFreddo();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], "freddo.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByLabelText(/Upload a new photo/), { target: { files: [photo] } });
    expect(await screen.findByText("Photo uploaded.", {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/api/staff/stores/7/items/70101/photo",
      type: "image/jpeg",
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(((sent[0] as SentCall).body as Blob).size).toBe(3);
    expect(screen.getByRole("img", { name: "Freddo espresso" }).getAttribute("src")).toBe(
      "/images/uploads/7/70101-abc.webp",
    );
  });

  it("removes the photo with a key kept for the retry of an unanswered removal; the item then shows none", async () => {
    let answered = false;
    const sent = mockApi(
      () => (answered ? json(200, { photo: null }) : json(503, { code: "UNAVAILABLE", message: "down" })),
      () => catalogueWith(freddo),
    );
    await openFreddo();
    const photos = screen.getByRole("group", { name: "Photo" });
    fireEvent.click(within(photos).getByRole("button", { name: "Remove photo" }));
    await waitFor(() => expect(sent).toHaveLength(1), SLOW);
    // No answer: the photo is still shown, and pressing again is the same removal.
    await waitFor(() =>
      expect((within(photos).getByRole("button", { name: "Remove photo" }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(within(photos).getByRole("img", { name: "Freddo espresso" })).toBeTruthy();
    answered = true;
    fireEvent.click(within(photos).getByRole("button", { name: "Remove photo" }));
    expect(await screen.findByText("Photo removed.", {}, SLOW)).toBeTruthy();
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      "DELETE /api/staff/stores/7/items/70101/photo",
      "DELETE /api/staff/stores/7/items/70101/photo",
    ]);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(within(photos).queryByRole("img")).toBeNull();
    expect(within(photos).queryByRole("button", { name: "Remove photo" })).toBeNull();
    expect(within(photos).getByText("No photo yet.")).toBeTruthy();
    // The pressed button is gone with the photo; the focus moves to the file picker once it renders.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Upload a new photo/)));
  });

  describe("putting items in order (drag and drop, keyboard)", () => {
    /** jsdom lays nothing out: each sortable row gets a place one below the other, as on screen. */
    function layRowsOut() {
      vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
        const row = this.closest("li");
        const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
        const top = index * 50;
        return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 44, width: 300, height: 44, toJSON: () => ({}) };
      });
    }

    async function moveDownWithKeyboard(name: string) {
      const handle = await screen.findByRole("button", { name: `Move ${name}` }, SLOW);
      handle.focus();
      fireEvent.keyDown(handle, { code: "Space", key: " " });
      await new Promise((resolve) => setTimeout(resolve, 50));
      fireEvent.keyDown(document, { code: "ArrowDown", key: "ArrowDown" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      fireEvent.keyDown(document, { code: "Space", key: " " });
    }

    const namesIn = (list: HTMLElement) =>
      within(list)
        .getAllByRole("button", { name: /^Move / })
        .map((button) => button.getAttribute("aria-label"));

    it("spec back office: an item moved with the keyboard sends the category's version and every item id", async () => {
      layRowsOut();
      const sent = mockApi(
        (entry) => json(200, { categoryId: 7101, version: 2, itemIds: (entry.body as { itemIds: number[] }).itemIds }),
        () => catalogueWith(freddo, tost),
      );
      renderWithI18n(<BackOfficeItemsScreen />);
      await moveDownWithKeyboard("Freddo espresso");
      expect(await screen.findByText("New order saved.", {}, SLOW)).toBeTruthy();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        method: "PUT",
        path: "/api/staff/stores/7/categories/7101/item-order",
        body: { version: 1, itemIds: [70201, 70101] },
      });
      expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(namesIn(screen.getByRole("list", { name: "Coffee" }))).toEqual(["Move Toast", "Move Freddo espresso"]);
    });

    it("spec back office: a refused order (409) gives the list back as the server has it and says so", async () => {
      layRowsOut();
      mockApi(
        () => json(409, { code: "CATEGORY_CHANGED", message: "This category was changed meanwhile" }),
        () => catalogueWith(freddo, tost),
      );
      renderWithI18n(<BackOfficeItemsScreen />);
      await moveDownWithKeyboard("Freddo espresso");
      expect(
        await screen.findByText("The new order was not saved: here is the order as the server has it.", {}, SLOW),
      ).toBeTruthy();
      await waitFor(() =>
        expect(namesIn(screen.getByRole("list", { name: "Coffee" }))).toEqual(["Move Freddo espresso", "Move Toast"]),
      );
    });

    it("spec back office: a category moved with the keyboard sends the service's version and every category id", async () => {
      layRowsOut();
      const two = catalogueWith(freddo);
      const service = two.services[0];
      const coffee = service?.categories[0];
      if (service === undefined || coffee === undefined) throw new Error("no category");
      service.categories = [
        coffee,
        { ...coffee, categoryId: 7102, names: { GRE: { name: "Σνακ" }, ENG: { name: "Snacks" } }, items: [tost] },
      ];
      const sent = mockApi(
        (entry) =>
          json(200, { serviceId: 701, version: 2, categoryIds: (entry.body as { categoryIds: number[] }).categoryIds }),
        () => two,
      );
      renderWithI18n(<BackOfficeItemsScreen />);
      await moveDownWithKeyboard("Coffee");
      expect(await screen.findByText("New order saved.", {}, SLOW)).toBeTruthy();
      expect(sent[0]).toMatchObject({
        method: "PUT",
        path: "/api/staff/stores/7/services/701/category-order",
        body: { version: 1, categoryIds: [7102, 7101] },
      });
      const headings = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
      expect(headings).toEqual(["Snacks", "Coffee"]);
    });
  });
});

describe("back office: an item's details and per-kg", () => {
  it("spec item details and per-kg: details typed beside the English name and 'sold by the kilo' go as names with details and perKg", async () => {
    const sent = mockApi(
      (entry) => json(200, { ...freddo, ...(entry.body as object), version: 2 }),
      () => catalogueWith(freddo),
    );
    await openFreddo();
    const details = screen.getByLabelText("Details in English (empty: none)") as HTMLTextAreaElement;
    expect(details.value).toBe("");
    fireEvent.change(details, { target: { value: "Double espresso, shaken over ice" } });
    fireEvent.click(screen.getByLabelText(/^Sold by the kilo/));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent.map((entry) => entry.body)).toEqual([
      {
        version: 1,
        names: {
          GRE: { name: "Φρέντο εσπρέσο" },
          ENG: { name: "Freddo espresso", details: "Double espresso, shaken over ice" },
          ITA: { name: "Freddo" },
        },
        perKg: true,
      },
    ]);
    expect((screen.getByLabelText(/^Sold by the kilo/) as HTMLInputElement).checked).toBe(true);
    expect(details.value).toBe("Double espresso, shaken over ice");
  });

  it("a server refusal of a language's details (400 at names.ENG.details) is shown beside that details field", async () => {
    mockApi(
      () =>
        json(400, {
          code: "VALIDATION_FAILED",
          message: "body.names.ENG.details: must not have more than 2000 characters",
        }),
      () => catalogueWith(freddo),
    );
    await openFreddo();
    const details = screen.getByLabelText("Details in English (empty: none)");
    fireEvent.change(details, { target: { value: "Long" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(details.getAttribute("aria-invalid")).toBe("true"), SLOW);
    expect(document.getElementById(details.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Refused: body.names.ENG.details: must not have more than 2000 characters",
    );
  });
});
