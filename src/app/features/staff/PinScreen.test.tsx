import "fake-indexeddb/auto";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { PinScreen } from "./PinScreen";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const SLOW = { timeout: 5000 };

afterEach(async () => {
  localStorage.clear();
  await clearSession();
});

describe("/pin leads to the other staff sign-ins (issue 10 item 6)", () => {
  it("a device without a store: the venue links, and the admin's e-mail sign-in", async () => {
    renderWithI18n(<PinScreen />);
    expect(screen.getByRole("link", { name: "Admin sign-in" }).getAttribute("href")).toBe("/staff-login");
    expect(screen.getByText(/scan the sign-in code an admin shows you/)).toBeTruthy();
  });

  it("a signed-in admin is offered the staff's sign-in links; a waiter is not", async () => {
    localStorage.setItem("lastStoreId", "7");
    const admin = testSession({ user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 } });
    await storeSession(admin);
    const { unmount } = renderWithI18n(<PinScreen />);
    const link = await screen.findByRole("link", { name: "Staff sign-in links" }, SLOW);
    expect(link.getAttribute("href")).toBe("/staff-admin");
    unmount();
    await storeSession({ ...admin, user: { ...admin.user, role: "WAITER" } });
    renderWithI18n(<PinScreen />);
    expect(await screen.findByRole("heading", { name: "Signed in as Maria" }, SLOW)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Staff sign-in links" })).toBeNull();
  });
});
