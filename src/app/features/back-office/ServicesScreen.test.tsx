import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffCatalogue, StaffCatalogueService } from "../../../domain/staff-catalogue-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { PLAIN_SERVICE_SETTINGS } from "../../test-support/service-settings";
import { jsonResponse as json, type SentCall, stubStaffApi } from "../../test-support/staff-api-stub";
import { BackOfficeServicesScreen } from "./BackOfficeScreens";

const blocker = vi.hoisted(() => ({ shouldBlock: null as null | (() => boolean) }));
vi.mock("@tanstack/react-router", async () => ({
  ...(await import("../../test-support/router-stub")),
  useBlocker: (options: { shouldBlockFn: () => boolean }) => {
    blocker.shouldBlock = options.shouldBlockFn;
  },
}));

const SLOW = { timeout: 5000 };
const NOW = "2026-07-15T09:00:00.000Z";
const adminSession = testSession({
  user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 },
});

const beachBar: StaffCatalogueService = {
  serviceId: 7001,
  version: 3,
  slug: "beach-bar",
  names: { GRE: { name: "Μπαρ παραλίας" }, ENG: { name: "Beach bar" } },
  ...PLAIN_SERVICE_SETTINGS,
  hours: { startTime: "09:00", endTime: "20:00" },
  happyHour: { discountPercentage: 30, startTime: "17:00", endTime: "19:00" },
  categories: [],
};
const roomService: StaffCatalogueService = {
  ...beachBar,
  serviceId: 7002,
  slug: "room-service",
  names: { GRE: { name: "Υπηρεσία δωματίου" }, ENG: { name: "Room service" } },
  hours: null,
  happyHour: null,
};

function catalogueWith(...services: StaffCatalogueService[]): StaffCatalogue {
  return { storeId: 7, catalogueVersion: 5, services };
}

/** The API at the fetch edge: `answer` decides each write; reads answer `stored` (and the server's clock). */
const mockApi = (answer: (sent: SentCall) => Response | Promise<Response>, stored: () => StaffCatalogue) =>
  stubStaffApi(answer, { "/api/staff/stores/7/catalogue": stored, "/api/utils/date": () => ({ date: NOW }) });

/** The service's settings as the server answers a save: the stored service with the edit applied. */
function savedAs(service: StaffCatalogueService, edit: object, version: number) {
  const { slug: _slug, categories: _categories, pause: _pause, ...settings } = service;
  const { version: _sent, ...fields } = edit as { version?: number };
  return { ...settings, ...fields, version };
}

async function openScreen() {
  renderWithI18n(<BackOfficeServicesScreen />);
  return screen.findByRole("form", { name: "Settings" }, SLOW);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(async () => {
  await storeSession(adminSession);
  blocker.shouldBlock = null;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await clearSession();
});

describe("back office: a service's settings", () => {
  it("spec §5 minimum order and maxItemsPerOrder: typed in euros and pieces, saved as cents with the service's version, only the changed fields, an Idempotency-Key", async () => {
    const sent = mockApi(
      (entry) => json(200, savedAs(beachBar, entry.body as object, 4)),
      () => catalogueWith(beachBar, roomService),
    );
    await openScreen();
    expect(screen.getByRole("heading", { level: 2, name: "Beach bar" })).toBeTruthy();
    expect(field("Minimum order in euros (empty: none)").value).toBe("");
    fireEvent.change(field("Minimum order in euros (empty: none)"), { target: { value: "12,50" } });
    fireEvent.change(field("Most items per order (empty or 0: no limit)"), { target: { value: "6" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: "PATCH",
        path: "/api/staff/stores/7/services/7001",
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { version: 3, minimumOrderCents: 1250, maxItemsPerOrder: 6 },
      },
    ]);
    expect(field("Minimum order in euros (empty: none)").value).toBe("12.50");
  });

  it("open 24 hours, no happy hour and a delivery discount are sent as the venue file states them", async () => {
    const sent = mockApi(
      (entry) => json(200, savedAs(beachBar, entry.body as object, 4)),
      () => catalogueWith(beachBar),
    );
    await openScreen();
    expect(field("From: Opening hours").value).toBe("09:00");
    fireEvent.click(screen.getByLabelText("Open 24 hours"));
    fireEvent.click(screen.getByLabelText("Happy hour"));
    fireEvent.click(screen.getByLabelText("Delivery discount"));
    fireEvent.change(field("Delivery discount (%)"), { target: { value: "10" } });
    fireEvent.change(field("For orders from (euros)"), { target: { value: "20" } });
    fireEvent.click(screen.getByLabelText("Hide item photos"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent[0]?.body).toEqual({
      version: 3,
      hours: null,
      happyHour: null,
      deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2000 },
      hidePhotosOfItems: true,
    });
  });

  it("refusals beside their field before sending: a missing English name, a happy hour of 0 %, hours with one time", async () => {
    const sent = mockApi(
      () => json(500, {}),
      () => catalogueWith(beachBar),
    );
    await openScreen();
    const english = field("Name in English (required)");
    fireEvent.change(english, { target: { value: " " } });
    fireEvent.change(field("Happy hour discount (%)"), { target: { value: "0" } });
    const to = field("To: Opening hours");
    fireEvent.change(to, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(english.getAttribute("aria-invalid")).toBe("true"));
    await waitFor(() => expect(document.activeElement).toBe(english));
    expect(screen.getByText("The Greek and the English name are required.")).toBeTruthy();
    const percentage = field("Happy hour discount (%)");
    expect(document.getElementById(percentage.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "A whole percentage from 1 to 100.",
    );
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Give both times, from and to.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("a server refusal with a path (400 VALIDATION_FAILED 'happyHour: ...') is shown beside that field", async () => {
    mockApi(
      () =>
        json(400, {
          code: "VALIDATION_FAILED",
          message: "happyHour: 18:00-21:00 is not within the service hours 09:00-20:00",
        }),
      () => catalogueWith(beachBar),
    );
    await openScreen();
    const happyTo = field("To: Happy hour time");
    fireEvent.change(happyTo, { target: { value: "21:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(happyTo.getAttribute("aria-invalid")).toBe("true"), SLOW);
    expect(document.getElementById(happyTo.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Refused: happyHour: 18:00-21:00 is not within the service hours 09:00-20:00",
    );
  });

  it("a save without an answer keeps what was typed and asks before leaving; the retry is the same save with the same key", async () => {
    let attempts = 0;
    const sent = mockApi(
      (entry) => {
        attempts += 1;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return json(200, savedAs(beachBar, entry.body as object, 4));
      },
      () => catalogueWith(beachBar),
    );
    await openScreen();
    fireEvent.change(field("Most items per order (empty or 0: no limit)"), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Not saved: no answer from the server/, {}, SLOW)).toBeTruthy();
    expect(field("Most items per order (empty or 0: no limit)").value).toBe("4");
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

  it("another admin's change meanwhile (409 SERVICE_CHANGED): the current settings are shown; taking them re-applies the typed change on their version", async () => {
    let stored = catalogueWith(beachBar);
    const sent = mockApi(
      (entry) => {
        const body = entry.body as { version: number };
        if (body.version === 3)
          return json(409, { code: "SERVICE_CHANGED", message: "changed", details: { version: 4 } });
        return json(200, savedAs(stored.services[0] ?? beachBar, body, 5));
      },
      () => stored,
    );
    await openScreen();
    // Another admin sets a minimum order of 8 € meanwhile.
    stored = catalogueWith({ ...beachBar, version: 4, minimumOrderCents: 800 });
    fireEvent.change(field("Most items per order (empty or 0: no limit)"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByText("This service was changed meanwhile by another admin.", {}, SLOW);
    const alert = notice.closest("[role='alert']") as HTMLElement;
    expect(
      within(alert).getByText(
        "Now: Μπαρ παραλίας / Beach bar, hours 09:00–20:00, minimum order €8.00, most items per order no limit.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(alert).getByRole("button", { name: "Take the current version and re-apply my changes" }));
    expect(field("Most items per order (empty or 0: no limit)").value).toBe("10");
    expect(field("Minimum order in euros (empty: none)").value).toBe("8.00");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.", {}, SLOW)).toBeTruthy();
    expect(sent.map((entry) => entry.body)).toEqual([
      { version: 3, maxItemsPerOrder: 10 },
      { version: 4, maxItemsPerOrder: 10 },
    ]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it("choosing another service shows its own settings; with unsaved changes it asks first", async () => {
    mockApi(
      () => json(500, {}),
      () => catalogueWith(beachBar, roomService),
    );
    await openScreen();
    fireEvent.change(field("Name in Greek (required)"), { target: { value: "Μπαρ" } });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    fireEvent.click(screen.getByRole("button", { name: "Room service" }));
    expect(confirm).toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 2, name: "Beach bar" })).toBeTruthy();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole("button", { name: "Room service" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Room service" })).toBeTruthy();
    expect((screen.getByLabelText("Open 24 hours") as HTMLInputElement).checked).toBe(true);
  });
});

describe("back office: a service's pause", () => {
  it("pauses orders now for 30 minutes with a reason guests read (PUT .../pause with a key), then resumes (DELETE)", async () => {
    // Ends 30 minutes from the device's now: paused whatever clock the screen reads.
    const pause = { since: NOW, until: new Date(Date.now() + 30 * 60_000).toISOString(), reason: "Kitchen break" };
    const sent = mockApi(
      (entry) => json(200, { serviceId: 7001, pause: entry.method === "PUT" ? pause : null }),
      () => catalogueWith(beachBar),
    );
    await openScreen();
    const section = screen.getByRole("region", { name: "Taking orders" });
    fireEvent.click(within(section).getByText("Pause orders"));
    fireEvent.click(within(section).getByRole("radio", { name: "30 min" }));
    fireEvent.change(within(section).getByLabelText("Reason guests read (optional)"), {
      target: { value: "Kitchen break" },
    });
    fireEvent.click(within(section).getByRole("button", { name: /^Pause orders now/ }));
    expect(await within(section).findByText(/Orders paused until/, {}, SLOW)).toBeTruthy();
    expect(within(section).getByText("“Kitchen break”")).toBeTruthy();
    expect(within(screen.getByRole("navigation", { name: "Services" })).getByText("paused")).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: /^Resume orders now/ }));
    expect(await within(section).findByText("Orders resumed: Beach bar", {}, SLOW)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: "PUT",
        path: "/api/staff/stores/7/services/7001/pause",
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { minutes: 30, reason: "Kitchen break" },
      },
      {
        method: "DELETE",
        path: "/api/staff/stores/7/services/7001/pause",
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: null,
      },
    ]);
  });

  it("a pause without an answer says so and keeps its key for the same pause tapped again", async () => {
    let attempts = 0;
    const sent = mockApi(
      () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return json(200, { serviceId: 7001, pause: { since: NOW, until: null, reason: "" } });
      },
      () => catalogueWith(beachBar),
    );
    await openScreen();
    const section = screen.getByRole("region", { name: "Taking orders" });
    fireEvent.click(within(section).getByText("Pause orders"));
    fireEvent.click(within(section).getByRole("radio", { name: "Until resumed" }));
    fireEvent.click(within(section).getByRole("button", { name: /^Pause orders now/ }));
    expect(await within(section).findByText("Not saved: no answer from the server. Try again.", {}, SLOW)).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: /^Pause orders now/ }));
    // "Orders paused" shows while the pause waits for its answer; the notice says it was saved.
    expect(await within(section).findByText("Orders paused: Beach bar", {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });
});
