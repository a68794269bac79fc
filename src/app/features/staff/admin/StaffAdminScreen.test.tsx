import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { StaffAdminScreen } from "./StaffAdminScreen";

vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));

const SLOW = { timeout: 5000 };
const TOKEN = `${"k".repeat(42)}Q`;

const adminSession = testSession({
  user: { ...testSession().user, name: "Maria", phone: null, email: null, role: "ADMIN", storeId: 7 },
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("/staff-admin, the admin's screen", () => {
  it("without an admin's session it sends to the admin sign-in", async () => {
    await storeSession(testSession({ user: { ...adminSession.user, role: "WAITER" } }));
    renderWithI18n(<StaffAdminScreen />);
    expect(await screen.findByRole("heading", { name: "For the store's admins" }, SLOW)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Admin sign-in" }).getAttribute("href")).toBe("/staff-login");
  });

  it("lists the store's staff and admins from the admin service; issues a link as QR code + link; revokes", async () => {
    await storeSession(adminSession);
    let outstanding = 0;
    const requests: { method: string; url: URL; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        requests.push({ method: request.method, url, body: request.method === "POST" ? await request.json() : null });
        if (url.pathname === "/admin-api/staff/admin-accounts") {
          return json(200, {
            adminAccounts: [
              { staffId: 7903, storeId: 7, name: "Maria", email: "admin@ammoudia.example", hasPassword: true },
            ],
            alerts: [{ storeId: 7, kind: "pin-guessing", failures: 30, createdAt: "2026-07-01T08:00:00.000Z" }],
          });
        }
        if (url.pathname === "/admin-api/staff/members") {
          return json(200, {
            storeId: 7,
            staff: [
              { staffId: 7901, name: "Nikos", role: "WAITER", outstandingTokens: outstanding },
              { staffId: 7903, name: "Maria", role: "ADMIN", outstandingTokens: 0 },
            ],
          });
        }
        if (url.pathname === "/admin-api/staff/login-tokens" && request.method === "POST") {
          outstanding = 1;
          return json(201, { userId: 12, storeId: 7, loginToken: TOKEN, expiresAt: "2026-07-02T08:00:00.000Z" });
        }
        if (url.pathname === "/admin-api/staff/login-tokens" && request.method === "DELETE") {
          outstanding = 0;
          return json(200, { revoked: 1 });
        }
        return json(404, { code: "NOT_FOUND", message: url.pathname });
      }),
    );
    renderWithI18n(<StaffAdminScreen />);
    expect(await screen.findByText("admin@ammoudia.example", {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/30 wrong pins in 24 hours/)).toBeTruthy();
    const accounts = requests.find((r) => r.url.pathname === "/admin-api/staff/admin-accounts");
    expect(accounts?.url.searchParams.get("restaurantIds")).toBe("7");

    fireEvent.click(screen.getByRole("button", { name: "Sign-in link for Nikos" }));
    const link = await screen.findByTestId("login-link", {}, SLOW);
    expect(link.textContent).toBe(`${location.origin}/staff-sign-in?userId=12&storeId=7#token=${TOKEN}`);
    expect(await screen.findByRole("img", { name: "QR code of the sign-in link for Nikos" }, SLOW)).toBeTruthy();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ storeId: 7, staffId: 7901 });
    expect(await screen.findByText("1 open link", {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Revoke the open links of Nikos" }));
    await waitFor(() => expect(screen.queryByTestId("login-link")).toBeNull(), SLOW);
    const revoke = requests.find((r) => r.method === "DELETE");
    expect(revoke?.url.search).toBe("?storeId=7&staffId=7901");
  });

  it("spec §6 D4: 'Sign out everywhere' posts the staff member with an Idempotency-Key and says how many devices", async () => {
    await storeSession(adminSession);
    const posts: { headers: Headers; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === "/admin-api/staff/admin-accounts") return json(200, { adminAccounts: [], alerts: [] });
        if (url.pathname === "/admin-api/staff/members") {
          return json(200, {
            storeId: 7,
            staff: [{ staffId: 7901, name: "Nikos", role: "WAITER", outstandingTokens: 0 }],
          });
        }
        if (url.pathname === "/admin-api/staff/sign-out-everywhere" && request.method === "POST") {
          posts.push({ headers: request.headers, body: await request.json() });
          return json(200, { signedOut: 2 });
        }
        return json(404, { code: "NOT_FOUND", message: url.pathname });
      }),
    );
    renderWithI18n(<StaffAdminScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign Nikos out on every device" }, SLOW));
    expect(await screen.findByText("Nikos is signed out on every device (2).", {}, SLOW)).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ storeId: 7, staffId: 7901 });
    expect(posts[0]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a refused load shows the reason and a way to try again", async () => {
    await storeSession(adminSession);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(403, { code: "FORBIDDEN", message: "Only an admin of these stores can do this" })),
    );
    renderWithI18n(<StaffAdminScreen />);
    expect(await screen.findByRole("button", { name: "Try again" }, SLOW)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).not.toBe("");
  });
});
