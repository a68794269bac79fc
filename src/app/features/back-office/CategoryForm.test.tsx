import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffCatalogue, StaffCatalogueCategory } from "../../../domain/staff-catalogue-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { PLAIN_SERVICE_SETTINGS } from "../../test-support/service-settings";
import { jsonResponse as json, type SentCall, stubStaffApi } from "../../test-support/staff-api-stub";
import { BackOfficeItemsScreen } from "./BackOfficeScreens";

vi.mock("@tanstack/react-router", async () => ({
  ...(await import("../../test-support/router-stub")),
  useBlocker: () => undefined,
}));

const SLOW = { timeout: 5000 };
const adminSession = testSession({
  user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 },
});

const coffee: StaffCatalogueCategory = {
  categoryId: 7101,
  version: 1,
  names: { GRE: { name: "Καφέδες" }, ENG: { name: "Coffee" } },
  maxProductsPerCart: null,
  items: [
    {
      itemId: 70101,
      version: 1,
      names: { GRE: { name: "Φρέντο εσπρέσο" }, ENG: { name: "Freddo espresso" } },
      priceCents: 400,
      membershipPriceCents: null,
      memberPriceEnabled: false,
      membershipAdditionCents: null,
      perKg: false,
      photo: null,
      stockEnabled: false,
      stockAmount: null,
    },
  ],
};

function catalogueWith(category: StaffCatalogueCategory): StaffCatalogue {
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
        categories: [category],
      },
    ],
  };
}

/** The API at the fetch edge: `answer` decides each write; reads answer `stored`. */
const mockApi = (answer: (sent: SentCall) => Response, stored: () => StaffCatalogue) =>
  stubStaffApi(answer, { "/api/staff/stores/7/catalogue": stored });

async function openCoffee() {
  renderWithI18n(<BackOfficeItemsScreen />);
  fireEvent.click(await screen.findByRole("button", { name: "Edit category: Coffee" }, SLOW));
  return screen.getByRole("form", { name: "Category: Coffee" });
}

const limitLabel = "Most pieces of this category per cart (empty: no limit)";

beforeEach(async () => {
  await storeSession(adminSession);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await clearSession();
});

describe("back office: a category's form", () => {
  it("spec category form: English details and a limit per cart are PATCHed with the category's version, only what changed, and a key", async () => {
    const sent = mockApi(
      (entry) => json(200, { ...coffee, items: undefined, ...(entry.body as object), version: 2 }),
      () => catalogueWith(coffee),
    );
    const form = await openCoffee();
    fireEvent.change(within(form).getByLabelText("Details in English (empty: none)"), {
      target: { value: "Hot and cold" },
    });
    fireEvent.change(within(form).getByLabelText(limitLabel), { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: "PATCH",
        path: "/api/staff/stores/7/categories/7101",
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: {
          version: 1,
          names: { GRE: { name: "Καφέδες" }, ENG: { name: "Coffee", details: "Hot and cold" } },
          maxProductsPerCart: 3,
        },
      },
    ]);
    expect((within(form).getByLabelText(limitLabel) as HTMLInputElement).value).toBe("3");
  });

  it("a limit that is no whole number from 1 is refused beside the field (focus) and nothing is sent", async () => {
    const sent = mockApi(
      () => json(500, {}),
      () => catalogueWith(coffee),
    );
    const form = await openCoffee();
    const limit = within(form).getByLabelText(limitLabel);
    fireEvent.change(limit, { target: { value: "0" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(limit.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(limit.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "A whole number from 1 to 1000, or empty for no limit.",
    );
    await waitFor(() => expect(document.activeElement).toBe(limit));
    expect(sent).toEqual([]);
  });

  it("a server refusal at maxProductsPerCart (400 VALIDATION_FAILED) is shown beside the limit", async () => {
    mockApi(
      () => json(400, { code: "VALIDATION_FAILED", message: "body.maxProductsPerCart: must be <= 1000" }),
      () => catalogueWith(coffee),
    );
    const form = await openCoffee();
    const limit = within(form).getByLabelText(limitLabel);
    fireEvent.change(limit, { target: { value: "5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(limit.getAttribute("aria-invalid")).toBe("true"), SLOW);
    expect(document.getElementById(limit.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Refused: body.maxProductsPerCart: must be <= 1000",
    );
  });

  it("another admin's change meanwhile (409 CATEGORY_CHANGED): the current value is shown; taking it re-applies the typed limit on its version", async () => {
    let stored = catalogueWith(coffee);
    const sent = mockApi(
      (entry) => {
        const body = entry.body as { version: number };
        if (body.version === 1)
          return json(409, { code: "CATEGORY_CHANGED", message: "changed", details: { version: 2 } });
        return json(200, {
          ...coffee,
          items: undefined,
          names: { ...coffee.names, ENG: { name: "Coffees" } },
          ...body,
          version: 3,
        });
      },
      () => stored,
    );
    const form = await openCoffee();
    stored = catalogueWith({
      ...coffee,
      version: 2,
      names: { ...coffee.names, ENG: { name: "Coffees" } },
      maxProductsPerCart: 4,
    });
    fireEvent.change(within(form).getByLabelText(limitLabel), { target: { value: "2" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    const notice = await within(form).findByText("This category was changed meanwhile by another admin.", {}, SLOW);
    const alert = notice.closest("[role='alert']") as HTMLElement;
    expect(within(alert).getByText("Now: Καφέδες / Coffees, at most 4 per cart.")).toBeTruthy();
    fireEvent.click(within(alert).getByRole("button", { name: "Take the current version and re-apply my changes" }));
    expect((within(form).getByLabelText(limitLabel) as HTMLInputElement).value).toBe("2");
    expect((within(form).getByLabelText("Name in English (required)") as HTMLInputElement).value).toBe("Coffees");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent.map((entry) => entry.body)).toEqual([
      { version: 1, maxProductsPerCart: 2 },
      { version: 2, maxProductsPerCart: 2 },
    ]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });
});
