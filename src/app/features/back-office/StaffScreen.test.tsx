import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMemberRow } from "../../../domain/staff-admin-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { BackOfficeStaffScreen } from "./BackOfficeScreens";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const SLOW = { timeout: 5000 };
const adminSession = testSession({ user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 } });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

interface Sent {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

/** The staff routes at the fetch edge, over an in-memory list; `refuse` may answer a write instead. */
function mockStaffApi(refuse?: (sent: Sent) => Response | null) {
  let staff: StaffMemberRow[] = [
    { userId: 7901, name: "Nikos", role: "waiter", active: true, version: 1 },
    { userId: 7903, name: "Maria", role: "admin", active: true, version: 1 },
  ];
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (request.method === "GET" && url.pathname === "/api/staff/stores/7/staff") return json(200, { staff });
      const body = (await request.json()) as Record<string, unknown>;
      const entry = { method: request.method, path: url.pathname, key: request.headers.get("idempotency-key"), body };
      sent.push(entry);
      const refused = refuse?.(entry);
      if (refused) return refused;
      if (request.method === "POST" && url.pathname === "/api/staff/stores/7/staff") {
        const member = { userId: 7950, name: String(body.name), role: body.role as "waiter", active: true, version: 1 };
        staff = [...staff, member];
        return json(201, { member, pin: typeof body.pin === "string" ? body.pin : "482913" });
      }
      const pin = /^\/api\/staff\/stores\/7\/staff\/(\d+)\/pin$/.exec(url.pathname);
      if (pin) return json(200, { pin: "771204" });
      const edit = /^\/api\/staff\/stores\/7\/staff\/(\d+)$/.exec(url.pathname);
      if (edit && request.method === "PATCH") {
        const { version: _version, ...change } = body;
        staff = staff.map((m) => (m.userId === Number(edit[1]) ? { ...m, ...change, version: m.version + 1 } : m));
        return json(
          200,
          staff.find((m) => m.userId === Number(edit[1])),
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

describe("back office: the staff screen", () => {
  it("lists the staff; adds a waiter with a PIN shown once in a dialog closed by 'I wrote it down'", async () => {
    const sent = mockStaffApi();
    renderWithI18n(<BackOfficeStaffScreen />);
    expect(await screen.findByRole("form", { name: "Staff member Nikos" }, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name", { selector: "#new-staff-name" }), { target: { value: "Eleni" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "PIN of Eleni" }, SLOW);
    expect(within(dialog).getByTestId("shown-pin").textContent).toBe("482913");
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/api/staff/stores/7/staff",
      body: { name: "Eleni", role: "waiter" },
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    fireEvent.click(within(dialog).getAllByRole("button", { name: "I wrote it down" })[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText("482913")).toBeNull();
    expect(await screen.findByRole("form", { name: "Staff member Eleni" })).toBeTruthy();
  });

  it("a PIN that is not 4 to 8 digits is refused beside the field and nothing is sent", async () => {
    const sent = mockStaffApi();
    renderWithI18n(<BackOfficeStaffScreen />);
    await screen.findByRole("form", { name: "Staff member Nikos" }, SLOW);
    fireEvent.change(screen.getByLabelText("Name", { selector: "#new-staff-name" }), { target: { value: "Eleni" } });
    const pin = screen.getByLabelText("PIN (optional: empty makes one)");
    fireEvent.change(pin, { target: { value: "12a" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(pin.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(pin.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/4 to 8 digits/);
    expect(document.activeElement).toBe(pin);
    expect(sent).toEqual([]);
  });

  it("renames and changes the role with the member's version; resets a PIN (shown once); deactivates after a confirmation", async () => {
    const sent = mockStaffApi();
    renderWithI18n(<BackOfficeStaffScreen />);
    const nikos = await screen.findByRole("form", { name: "Staff member Nikos" }, SLOW);
    fireEvent.change(within(nikos).getByLabelText("Name"), { target: { value: "Nikos P." } });
    fireEvent.change(within(nikos).getByLabelText("Role"), { target: { value: "admin" } });
    fireEvent.click(within(nikos).getByRole("button", { name: "Save" }));
    const renamed = await screen.findByRole("form", { name: "Staff member Nikos P." }, SLOW);
    expect(sent[0]).toMatchObject({
      method: "PATCH",
      path: "/api/staff/stores/7/staff/7901",
      body: { version: 1, name: "Nikos P.", role: "admin" },
    });

    fireEvent.click(within(renamed).getByRole("button", { name: "Reset PIN" }));
    const dialog = await screen.findByRole("dialog", { name: "PIN of Nikos P." }, SLOW);
    expect(within(dialog).getByTestId("shown-pin").textContent).toBe("771204");
    expect(sent[1]).toMatchObject({ method: "POST", path: "/api/staff/stores/7/staff/7901/pin", body: {} });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(
      within(screen.getByRole("form", { name: "Staff member Nikos P." })).getByRole("button", { name: "Deactivate" }),
    );
    const confirm = await screen.findByRole("dialog", { name: "Deactivate Nikos P.?" });
    expect(sent).toHaveLength(2);
    fireEvent.click(within(confirm).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ method: "PATCH", body: { version: 2, active: false } });
    const after = await screen.findByRole("form", { name: "Staff member Nikos P." });
    await waitFor(() => expect(within(after).getByText("Deactivated")).toBeTruthy());
    expect(within(after).getByRole("button", { name: "Reactivate" })).toBeTruthy();
  });

  it("another admin's change meanwhile (409 STAFF_CHANGED) says so and shows the list as it is now", async () => {
    mockStaffApi(() => json(409, { code: "STAFF_CHANGED", message: "changed meanwhile" }));
    renderWithI18n(<BackOfficeStaffScreen />);
    const nikos = await screen.findByRole("form", { name: "Staff member Nikos" }, SLOW);
    fireEvent.change(within(nikos).getByLabelText("Name"), { target: { value: "Nick" } });
    fireEvent.click(within(nikos).getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Changed meanwhile by another admin: here is the list as it is now.", {}, SLOW),
    ).toBeTruthy();
  });
});
