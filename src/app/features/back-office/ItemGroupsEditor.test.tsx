import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ItemGroups, StaffCatalogue, StaffCatalogueItem } from "../../../domain/staff-catalogue-api";
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
const names = (el: string, en = el) => ({ GRE: { name: el }, ENG: { name: en } });

const nachos: StaffCatalogueItem = {
  itemId: 70506,
  version: 1,
  names: names("Νάτσος", "Nachos"),
  priceCents: 950,
  perKg: false,
  membershipPriceCents: null,
  memberPriceEnabled: false,
  membershipAdditionCents: null,
  photo: null,
  stockEnabled: false,
  stockAmount: null,
};

const sauce: ItemGroups["groups"][number] = {
  id: 135020,
  names: names("Σάλτσα", "Sauce"),
  type: "RADIO_BUTTON",
  mandatory: false,
  maximumSelected: null,
  priceAggregated: false,
  options: [
    { id: 136040, names: names("Σάλσα", "Salsa"), priceCents: 0, isSelected: true },
    { id: 136041, names: names("Γουακαμόλε", "Guacamole"), priceCents: 80, isSelected: false },
  ],
};
const extras: ItemGroups["groups"][number] = {
  id: 135021,
  names: names("Έξτρα", "Extras"),
  type: "CHECKBOX",
  mandatory: false,
  maximumSelected: 2,
  priceAggregated: true,
  options: [
    { id: 136042, names: names("Τυρί", "Cheese"), priceCents: 50, isSelected: false },
    { id: 136043, names: names("Χαλαπένιο", "Jalapeño"), priceCents: 40, isSelected: false },
  ],
};

function catalogueWith(item: StaffCatalogueItem): StaffCatalogue {
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
          { categoryId: 7105, version: 1, names: names("Σνακ", "Snacks"), maxProductsPerCart: null, items: [item] },
        ],
      },
    ],
  };
}

/** The API at the fetch edge: reads answer what is stored now; `answer` decides each write. */
const mockApi = (
  answer: (sent: SentCall) => Response | Promise<Response>,
  stored: () => { item: StaffCatalogueItem; groups: ItemGroups },
) =>
  stubStaffApi(answer, {
    "/api/staff/stores/7/catalogue": () => catalogueWith(stored().item),
    "/api/staff/stores/7/items/70506/groups": () => stored().groups,
  });

async function openOptions() {
  renderWithI18n(<BackOfficeItemsScreen />);
  fireEvent.click(await screen.findByRole("button", { name: "Nachos" }, SLOW));
  const toggle = screen.getByRole("button", { name: /^Options/ });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  fireEvent.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  return screen.findByRole("form", { name: "Options of Nachos" }, SLOW);
}

const group = (form: HTMLElement, n: number) => within(form).getByRole("group", { name: `Group ${n}` });
const option = (inGroup: HTMLElement, m: number) => within(inGroup).getByRole("group", { name: `Option ${m}` });
const type = (element: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(element).getByLabelText(label), { target: { value } });

beforeEach(async () => {
  await storeSession(adminSession);
  blocker.shouldBlock = null;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await clearSession();
});

describe("back office: an item's option groups", () => {
  it("spec option groups: a new mandatory 'pick one' group with two options (+0,50 €) is PUT whole with the item's version and a key; kept ids stay, new ones have none", async () => {
    const sent = mockApi(
      (entry) => {
        const edit = entry.body as { groups: (Omit<ItemGroups["groups"][number], "id"> & { id?: number })[] };
        return json(200, {
          itemId: 70506,
          version: 2,
          // As the server does: new groups and options take the next free ids.
          groups: edit.groups.map((g, i) => ({
            ...g,
            id: g.id ?? 135100 + i,
            options: g.options.map((o, j) => ({ ...o, id: o.id ?? 136100 + i * 10 + j })),
          })),
        } satisfies ItemGroups);
      },
      () => ({ item: nachos, groups: { itemId: 70506, version: 1, groups: [sauce] } }),
    );
    const form = await openOptions();
    expect(within(group(form, 1)).getByLabelText("Group name in English (required)")).toHaveProperty("value", "Sauce");
    fireEvent.click(within(form).getByRole("button", { name: "Add a group" }));
    const size = group(form, 2);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(size).getByLabelText("Group name in Greek (required)")),
    );
    type(size, "Group name in Greek (required)", "Μέγεθος");
    type(size, "Group name in English (required)", "Size");
    fireEvent.click(within(size).getByLabelText("Mandatory: guests must choose"));
    expect((within(size).getByLabelText("Kind of choice") as HTMLSelectElement).value).toBe("RADIO_BUTTON");
    type(option(size, 1), "Option name in Greek (required)", "Κανονικό");
    type(option(size, 1), "Option name in English (required)", "Regular");
    fireEvent.click(within(size).getByRole("button", { name: "Add an option to group 2" }));
    type(option(size, 2), "Option name in Greek (required)", "Μεγάλο");
    type(option(size, 2), "Option name in English (required)", "Large");
    type(option(size, 2), "Extra price in euros (empty: none)", "0,50");
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    expect(await within(form).findByText("Options saved.", {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "PUT",
      path: "/api/staff/stores/7/items/70506/groups",
      body: {
        version: 1,
        groups: [
          { ...sauce, options: sauce.options },
          {
            names: names("Μέγεθος", "Size"),
            type: "RADIO_BUTTON",
            mandatory: true,
            maximumSelected: null,
            priceAggregated: false,
            options: [
              { names: names("Κανονικό", "Regular"), priceCents: 0, isSelected: false },
              { names: names("Μεγάλο", "Large"), priceCents: 50, isSelected: false },
            ],
          },
        ],
      },
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((sent[0]?.body as { groups: { id?: number }[] } | undefined)?.groups[1]).not.toHaveProperty("id");
  });

  it("spec option rules: a 'pick one' group with two defaults and a bad extra price are refused beside their fields; nothing is sent", async () => {
    const sent = mockApi(
      () => json(500, {}),
      () => ({ item: nachos, groups: { itemId: 70506, version: 1, groups: [sauce] } }),
    );
    const form = await openOptions();
    const sauceGroup = group(form, 1);
    fireEvent.click(within(option(sauceGroup, 2)).getByLabelText("Selected by default"));
    type(option(sauceGroup, 2), "Extra price in euros (empty: none)", "-0,80");
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    expect(
      await within(form).findByText("A “pick one” group can have at most one option selected by default."),
    ).toBeTruthy();
    const price = within(option(sauceGroup, 2)).getByLabelText("Extra price in euros (empty: none)");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(price.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "An extra price cannot be negative.",
    );
    expect(within(option(sauceGroup, 1)).getByLabelText("Selected by default").getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(sent).toEqual([]);
  });

  it("a server refusal's path (groups[0].options[1].names.GRE.name) goes beside that input", async () => {
    mockApi(
      () =>
        json(400, {
          code: "VALIDATION_FAILED",
          message: "body.groups[0].options[1].names.GRE.name: must NOT have fewer than 1 characters",
        }),
      () => ({ item: nachos, groups: { itemId: 70506, version: 1, groups: [sauce] } }),
    );
    const form = await openOptions();
    type(option(group(form, 1), 2), "Extra price in euros (empty: none)", "1");
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    const greek = within(option(group(form, 1), 2)).getByLabelText("Option name in Greek (required)");
    await waitFor(() => expect(greek.getAttribute("aria-invalid")).toBe("true"), SLOW);
    expect(document.getElementById(greek.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Refused: body.groups[0].options[1].names.GRE.name: must NOT have fewer than 1 characters",
    );
    await waitFor(() => expect(document.activeElement).toBe(greek));
  });

  it("a save without an answer keeps the list as typed and leaving asks first; the retry is the same save with the same key", async () => {
    let attempts = 0;
    const sent = mockApi(
      () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return json(200, { itemId: 70506, version: 2, groups: [] });
      },
      () => ({ item: nachos, groups: { itemId: 70506, version: 1, groups: [sauce] } }),
    );
    const form = await openOptions();
    fireEvent.click(within(form).getByRole("button", { name: "Remove group 1" }));
    expect(within(form).getByText("This item has no option groups.")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    expect(await within(form).findByText(/Not saved: no answer from the server/, {}, SLOW)).toBeTruthy();
    expect(within(form).queryByRole("group", { name: "Group 1" })).toBeNull();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    expect(blocker.shouldBlock?.()).toBe(true);
    expect(confirm).toHaveBeenCalledWith("You have unsaved changes. Leave without saving them?");
    fireEvent.click(within(form).getByRole("button", { name: "Try saving the options again" }));
    expect(await within(form).findByText("Options saved.", {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toEqual({ version: 1, groups: [] });
    await waitFor(() => expect(blocker.shouldBlock?.()).toBe(false));
  });

  it("another admin's change meanwhile (409 ITEM_CHANGED): the current groups are shown; taking them re-applies the typed change on their version", async () => {
    let stored = { item: nachos, groups: { itemId: 70506, version: 1, groups: [sauce] } as ItemGroups };
    const sent = mockApi(
      (entry) => {
        const body = entry.body as { version: number };
        if (body.version === 1) return json(409, { code: "ITEM_CHANGED", message: "changed", details: { version: 2 } });
        return json(200, { itemId: 70506, version: 3, groups: [] });
      },
      () => stored,
    );
    const form = await openOptions();
    type(group(form, 1), "Group name in English (required)", "Dip");
    // Another admin adds the extras meanwhile.
    stored = { item: { ...nachos, version: 2 }, groups: { itemId: 70506, version: 2, groups: [sauce, extras] } };
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    const notice = await within(form).findByText("These options were changed meanwhile by another admin.", {}, SLOW);
    const alert = notice.closest("[role='alert']") as HTMLElement;
    expect(within(alert).getByText("Now: Sauce (2 options), Extras (2 options).")).toBeTruthy();
    fireEvent.click(within(alert).getByRole("button", { name: "Take the current options and re-apply my changes" }));
    expect(within(group(form, 1)).getByLabelText("Group name in English (required)")).toHaveProperty("value", "Dip");
    expect(within(group(form, 2)).getByLabelText("Group name in English (required)")).toHaveProperty("value", "Extras");
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    expect(await within(form).findByText("Options saved.", {}, SLOW)).toBeTruthy();
    expect(sent.map((entry) => (entry.body as { version: number }).version)).toEqual([1, 2]);
    expect((sent[1]?.body as ItemGroups | undefined)?.groups.map((g) => [g.id, g.names.ENG.name])).toEqual([
      [135020, "Dip"],
      [135021, "Extras"],
    ]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it("groups and options move with buttons (the focus stays on the moved one's button, the move is announced) and the new order is sent", async () => {
    const sent = mockApi(
      () => json(200, { itemId: 70506, version: 2, groups: [extras, sauce] }),
      () => ({ item: nachos, groups: { itemId: 70506, version: 1, groups: [sauce, extras] } }),
    );
    const form = await openOptions();
    const down = within(group(form, 1)).getByRole("button", { name: "Move group 1 down" });
    fireEvent.click(down);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Move group 2 up"));
    expect(within(form).getByText("Group moved to position 2 of 2.")).toBeTruthy();
    expect(within(group(form, 1)).getByLabelText("Group name in English (required)")).toHaveProperty("value", "Extras");
    fireEvent.click(within(group(form, 2)).getByRole("button", { name: "Move option 2 of group 2 up" }));
    expect(within(option(group(form, 2), 1)).getByLabelText("Option name in English (required)")).toHaveProperty(
      "value",
      "Guacamole",
    );
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    expect(await within(form).findByText("Options saved.", {}, SLOW)).toBeTruthy();
    const body = sent[0]?.body as ItemGroups;
    expect(body.groups.map((g) => g.id)).toEqual([135021, 135020]);
    expect(body.groups[1]?.options.map((o) => o.id)).toEqual([136041, 136040]);
  });

  it("after the options are saved, the item's form saves on the item's new version (no conflict with itself)", async () => {
    const sent = mockApi(
      (entry) =>
        entry.path.endsWith("/groups")
          ? json(200, { itemId: 70506, version: 2, groups: [] })
          : json(200, { ...nachos, version: 3, priceCents: 1000 }),
      () => ({ item: nachos, groups: { itemId: 70506, version: 1, groups: [sauce] } }),
    );
    const form = await openOptions();
    fireEvent.click(within(form).getByRole("button", { name: "Remove group 1" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save the options" }));
    expect(await within(form).findByText("Options saved.", {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Price"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent.map((entry) => [entry.method, (entry.body as { version: number }).version])).toEqual([
      ["PUT", 1],
      ["PATCH", 2],
    ]);
  });
});
