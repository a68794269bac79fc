import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSpot } from "../../../domain/staff-spots-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { BackOfficeSpotsScreen } from "./BackOfficeScreens";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const SLOW = { timeout: 5000 };
const adminSession = testSession({ user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 } });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const spot = (spotId: number, name: string, section: string, type: StaffSpot["type"], capacity: number): StaffSpot => ({
  spotId,
  version: 1,
  name,
  names: { GRE: { name }, ENG: { name } },
  type,
  capacity,
  section,
  isPda: false,
  url: `https://kyma.test/s/${spotId}`,
});

interface Sent {
  method: string;
  path: string;
  key: string | null;
  auth: string | null;
  body: unknown;
}

/** The spot routes at the fetch edge, over an in-memory list; `refuse` may answer a write instead. */
function mockSpotsApi(refuse?: (sent: Sent) => Response | null) {
  let spots: StaffSpot[] = [
    spot(7201, "1", "Beach", "UMBRELLA_AT_HOTEL", 2),
    spot(7301, "Room 101", "Rooms", "HOTEL_ROOM", 3),
    spot(7202, "2", "Beach", "UMBRELLA_AT_HOTEL", 4),
  ];
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const auth = request.headers.get("authToken");
      if (request.method === "GET" && url.pathname === "/api/staff/stores/7/spots") {
        return json(200, { spots, sections: ["Rooms", "Beach"] });
      }
      if (request.method === "GET" && url.pathname === "/api/staff/stores/7/qr-sheet") {
        sent.push({ method: "GET", path: `${url.pathname}${url.search}`, key: null, auth, body: null });
        return new Response('<html><img src="data:image/png;base64,AAAA"></html>', {
          status: 200,
          headers: { "content-type": "text/html", "content-disposition": 'attachment; filename="qr-spot-7202.html"' },
        });
      }
      const body = (await request.json()) as Record<string, unknown>;
      const entry = {
        method: request.method,
        path: url.pathname,
        key: request.headers.get("idempotency-key"),
        auth,
        body,
      };
      sent.push(entry);
      const refused = refuse?.(entry);
      if (refused) return refused;
      if (request.method === "POST" && url.pathname === "/api/staff/stores/7/spots") {
        const added = {
          ...spot(Number(body.id ?? 7502), String(body.name), String(body.section), body.type as "TABLE", 0),
          capacity: Number(body.capacity),
        };
        spots = [...spots, added];
        return json(201, added);
      }
      const edit = /^\/api\/staff\/stores\/7\/spots\/(\d+)$/.exec(url.pathname);
      if (edit && request.method === "PATCH") {
        const { version: _version, ...change } = body;
        spots = spots.map((s) => (s.spotId === Number(edit[1]) ? { ...s, ...change, version: s.version + 1 } : s));
        return json(
          200,
          spots.find((s) => s.spotId === Number(edit[1])),
        );
      }
      return json(404, { code: "NOT_FOUND", message: url.pathname });
    }),
  );
  return sent;
}

beforeEach(async () => {
  await storeSession(adminSession);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("back office: the spots screen", () => {
  it("lists the store's spots by section in floor order, with type and capacity; the section list names them", async () => {
    mockSpotsApi();
    renderWithI18n(<BackOfficeSpotsScreen />);
    const beach = await screen.findByRole("list", { name: "Beach" }, SLOW);
    const rooms = screen.getByRole("list", { name: "Rooms" });
    expect(rooms.compareDocumentPosition(beach) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(beach)
        .getAllByRole("form")
        .map((form) => form.getAttribute("aria-label")),
    ).toEqual(["Spot 1", "Spot 2"]);
    expect(within(beach).getByText("Spot 7202: Umbrella at the hotel, 4 people")).toBeTruthy();
    expect(within(rooms).getByText("Spot 7301: Hotel room, 3 people")).toBeTruthy();
    const options = [...document.querySelectorAll("#back-office-sections option")].map((o) => o.getAttribute("value"));
    expect(options).toEqual(["Rooms", "Beach"]);
    expect(screen.getByRole("link", { name: "Spots" }).getAttribute("href")).toBe("/back-office/spots");
  });

  it("adds a spot with an Idempotency-Key; an id already taken (409 SPOT_ID_TAKEN) is refused beside the id field", async () => {
    const sent = mockSpotsApi((entry) =>
      (entry.body as { id?: number }).id === 7201
        ? json(409, { code: "SPOT_ID_TAKEN", message: "id: 7201 is already a spot's" })
        : null,
    );
    renderWithI18n(<BackOfficeSpotsScreen />);
    await screen.findByRole("list", { name: "Beach" }, SLOW);
    const id = screen.getByLabelText("Id (optional: empty takes the next free one)");
    fireEvent.change(id, { target: { value: "7201" } });
    fireEvent.change(screen.getByLabelText("Name", { selector: "#new-spot-name" }), {
      target: { value: "Umbrella 40" },
    });
    fireEvent.change(screen.getByLabelText("Type", { selector: "#new-spot-type" }), {
      target: { value: "UMBRELLA_AT_HOTEL" },
    });
    fireEvent.change(screen.getByLabelText("Capacity (people)", { selector: "#new-spot-capacity" }), {
      target: { value: "2" },
    });
    fireEvent.change(screen.getByLabelText("Section", { selector: "#new-spot-section" }), {
      target: { value: "Pool" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add the spot" }));
    await waitFor(() => expect(id.getAttribute("aria-invalid")).toBe("true"), SLOW);
    expect(document.getElementById(id.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/already a spot's/);
    expect(document.activeElement).toBe(id);

    fireEvent.change(id, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Add the spot" }));
    const pool = await screen.findByRole("list", { name: "Pool" }, SLOW);
    expect(within(pool).getByText("Spot 7502: Umbrella at the hotel, 2 people")).toBeTruthy();
    expect(sent[1]).toMatchObject({
      method: "POST",
      path: "/api/staff/stores/7/spots",
      body: { name: "Umbrella 40", type: "UMBRELLA_AT_HOTEL", capacity: 2, section: "Pool" },
    });
    expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it("edits a spot with its version, sending only what changed; a refusal naming a field goes beside it", async () => {
    const sent = mockSpotsApi((entry) =>
      (entry.body as { capacity?: number }).capacity === 999
        ? json(400, { code: "VALIDATION_FAILED", message: "capacity: too many for this spot" })
        : null,
    );
    renderWithI18n(<BackOfficeSpotsScreen />);
    const two = await screen.findByRole("form", { name: "Spot 2" }, SLOW);
    fireEvent.change(within(two).getByLabelText("Name"), { target: { value: "Umbrella 2" } });
    fireEvent.change(within(two).getByLabelText("Section"), { target: { value: "Rooms" } });
    fireEvent.click(within(two).getByRole("button", { name: "Save" }));
    const renamed = await screen.findByRole("form", { name: "Spot Umbrella 2" }, SLOW);
    expect(sent[0]).toMatchObject({
      method: "PATCH",
      path: "/api/staff/stores/7/spots/7202",
      body: { version: 1, name: "Umbrella 2", section: "Rooms" },
    });
    expect(within(screen.getByRole("list", { name: "Rooms" })).getByRole("form", { name: "Spot Umbrella 2" })).toBe(
      renamed,
    );

    const capacity = within(renamed).getByLabelText("Capacity (people)");
    fireEvent.change(capacity, { target: { value: "999" } });
    fireEvent.click(within(renamed).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(capacity.getAttribute("aria-invalid")).toBe("true"), SLOW);
    expect(document.getElementById(capacity.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Refused: capacity: too many for this spot",
    );
    expect(sent[1]).toMatchObject({ body: { version: 2, capacity: 999 } });
  });

  it("another admin's change meanwhile (409 SPOT_CHANGED) says so and shows the list as it is now", async () => {
    mockSpotsApi(() => json(409, { code: "SPOT_CHANGED", message: "This spot was changed meanwhile" }));
    renderWithI18n(<BackOfficeSpotsScreen />);
    const one = await screen.findByRole("form", { name: "Spot 1" }, SLOW);
    fireEvent.change(within(one).getByLabelText("Name"), { target: { value: "Umbrella 1" } });
    fireEvent.click(within(one).getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Changed meanwhile by another admin: here is the list as it is now.", {}, SLOW),
    ).toBeTruthy();
  });

  it("a spot's QR sheet is fetched with the admin's tokens and saved as a download named by the server", async () => {
    const sent = mockSpotsApi();
    const created: Blob[] = [];
    const toUrl = (blob: Blob) => {
      created.push(blob);
      return "blob:sheet";
    };
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: toUrl, revokeObjectURL: () => undefined }));
    const clicked: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    try {
      renderWithI18n(<BackOfficeSpotsScreen />);
      const two = await screen.findByRole("form", { name: "Spot 2" }, SLOW);
      fireEvent.click(within(two).getByRole("button", { name: "QR sheet of 2" }));
      await waitFor(() => expect(clicked).toEqual([{ name: "qr-spot-7202.html", href: "blob:sheet" }]), SLOW);
      expect(sent[0]).toMatchObject({ path: "/api/staff/stores/7/qr-sheet?spotId=7202", auth: adminSession.authToken });
      expect(await created[0]?.text()).toContain("data:image/png");
    } finally {
      click.mockRestore();
    }
  });
});
