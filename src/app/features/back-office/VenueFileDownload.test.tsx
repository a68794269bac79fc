import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { BackOfficeSpotsScreen } from "./BackOfficeScreens";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const SLOW = { timeout: 5000 };
const adminSession = testSession({ user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 } });
const VENUE_FILE = { store: { id: 7 }, services: [{ id: 7001, slug: "beach-bar" }], staff: [{ id: 1, name: "Maria" }] };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

interface Sent {
  path: string;
  auth: string | null;
}

/** The spots list (the screen under the frame) and the venue file, at the fetch edge. */
function mockApi(venueFile: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/staff/stores/7/spots") return json(200, { spots: [], sections: [] });
      sent.push({ path: url.pathname, auth: request.headers.get("authToken") });
      if (url.pathname === "/api/staff/stores/7/venue-file") return venueFile();
      return json(404, { code: "NOT_FOUND", message: url.pathname });
    }),
  );
  return sent;
}

/** Files the page hands to the browser as downloads: their names, URLs and contents. */
function catchDownloads() {
  const created: Blob[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return "blob:venue";
      },
      revokeObjectURL: () => undefined,
    }),
  );
  const clicked: { name: string; href: string }[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ name: this.download, href: this.href });
  });
  return { created, clicked, restore: () => click.mockRestore() };
}

beforeEach(async () => {
  await storeSession(adminSession);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("back office: the venue file download", () => {
  it("round trip with venue files: the store's venue file is fetched with the admin's tokens and saved as {storeId}-venue.json", async () => {
    const sent = mockApi(() =>
      json(200, VENUE_FILE, {
        "content-disposition": 'attachment; filename="venue-7.json"',
        "cache-control": "no-store",
      }),
    );
    const downloads = catchDownloads();
    try {
      renderWithI18n(<BackOfficeSpotsScreen />);
      const button = await screen.findByRole("button", { name: "Download the venue file" }, SLOW);
      // Beside the sections, on every back-office screen.
      expect(screen.getByRole("navigation", { name: "Back office" }).nextElementSibling?.contains(button)).toBe(true);
      fireEvent.click(button);
      await waitFor(() => expect(downloads.clicked).toEqual([{ name: "7-venue.json", href: "blob:venue" }]), SLOW);
      expect(sent).toEqual([{ path: "/api/staff/stores/7/venue-file", auth: adminSession.authToken }]);
      expect(JSON.parse((await downloads.created[0]?.text()) ?? "")).toEqual(VENUE_FILE);
      expect(screen.queryByRole("alert")?.textContent ?? "").toBe("");
    } finally {
      downloads.restore();
    }
  });

  it("a refused download says so in an alert, saves nothing and leaves the button usable", async () => {
    mockApi(() => json(403, { code: "FORBIDDEN", message: "Admins of this store only" }));
    const downloads = catchDownloads();
    try {
      renderWithI18n(<BackOfficeSpotsScreen />);
      const button = await screen.findByRole("button", { name: "Download the venue file" }, SLOW);
      fireEvent.click(button);
      await waitFor(
        () => expect(screen.getByRole("alert").textContent).toMatch(/^The venue file was not downloaded: \S/),
        SLOW,
      );
      expect(downloads.clicked).toEqual([]);
      expect((button as HTMLButtonElement).disabled).toBe(false);
    } finally {
      downloads.restore();
    }
  });

  it("a download with no answer from the server says so too", async () => {
    mockApi(() => Promise.reject(new TypeError("Failed to fetch")));
    const downloads = catchDownloads();
    try {
      renderWithI18n(<BackOfficeSpotsScreen />);
      fireEvent.click(await screen.findByRole("button", { name: "Download the venue file" }, SLOW));
      await waitFor(
        () => expect(screen.getByRole("alert").textContent).toMatch(/^The venue file was not downloaded: \S/),
        SLOW,
      );
      expect(downloads.clicked).toEqual([]);
    } finally {
      downloads.restore();
    }
  });
});
