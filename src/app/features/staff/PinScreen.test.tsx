import "fake-indexeddb/auto";
import { i18n } from "@lingui/core";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ensureCatalog } from "../../i18n/catalogs";
import { selectLanguage } from "../../i18n/language-store";
import { clearSession, storeSession } from "../../session/session";
import { rememberOpenedTable } from "../../session/staff-device";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { navigate } from "../../test-support/router-stub";
import { signalLoginDone } from "../entrance/entrance-store";
import { PinScreen } from "./PinScreen";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const SLOW = { timeout: 5000 };

afterEach(async () => {
  localStorage.clear();
  navigate.mockReset();
  await clearSession();
});

describe("/pin leads to the other staff sign-ins", () => {
  it("a device without a store: the venue links, and the admin's e-mail sign-in", async () => {
    renderWithI18n(<PinScreen />);
    expect(screen.getByRole("link", { name: "Admin sign-in" }).getAttribute("href")).toBe("/staff-login");
    expect(screen.getByText(/scan the sign-in code an admin shows you/)).toBeTruthy();
  });

  it("a signed-in admin is offered the live orders and the staff's sign-in links; a waiter the live orders only", async () => {
    localStorage.setItem("lastStoreId", "7");
    const admin = testSession({ user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 } });
    await storeSession(admin);
    const { unmount } = renderWithI18n(<PinScreen />);
    const link = await screen.findByRole("link", { name: "Staff sign-in links" }, SLOW);
    expect(link.getAttribute("href")).toBe("/staff-admin");
    expect(screen.getByRole("link", { name: "Live orders" }).getAttribute("href")).toBe("/order-change-status");
    unmount();
    await storeSession({ ...admin, user: { ...admin.user, role: "WAITER" } });
    renderWithI18n(<PinScreen />);
    expect(await screen.findByRole("heading", { name: "Signed in as Maria" }, SLOW)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Staff sign-in links" })).toBeNull();
    expect(screen.getByRole("link", { name: "Live orders" }).getAttribute("href")).toBe("/order-change-status");
  });

  it("a guest signed in on /pin (a phone number on a guest's phone) is offered no staff screen", async () => {
    localStorage.setItem("lastStoreId", "7");
    await storeSession(testSession());
    renderWithI18n(<PinScreen />);
    expect(await screen.findByRole("heading", { name: "Signed in as Eleni" }, SLOW)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Live orders" })).toBeNull();
  });
});

/** The device opened the beach hotel's PDA spot: it is store 7's terminal. */
function makeTerminalOfStore7(): void {
  rememberOpenedTable({
    store: { storeId: 7, names: { GRE: { name: "Αμμουδιά" }, ENG: { name: "Ammoudia" } }, storeIsHotel: true },
    spot: { id: 7499, isPda: true },
  });
}

const waiterOf = (storeId: number) =>
  testSession({ user: { ...testSession().user, name: "Nikos", role: "WAITER", storeId } });

describe("a PIN typed on /pin opens the waiter's live orders", () => {
  it("on the store's terminal: the live orders, replacing /pin in the history", async () => {
    makeTerminalOfStore7();
    renderWithI18n(<PinScreen />);
    const waiter = waiterOf(7);
    await storeSession(waiter);
    act(() => signalLoginDone(waiter));
    expect(navigate).toHaveBeenCalledWith({ to: "/order-change-status", replace: true });
  });

  it("not on a device that is not the store's terminal (no staff shell there): it stays and says who signed in", async () => {
    localStorage.setItem("lastStoreId", "7");
    renderWithI18n(<PinScreen />);
    const waiter = waiterOf(7);
    await storeSession(waiter);
    act(() => signalLoginDone(waiter));
    expect(await screen.findByRole("heading", { name: "Signed in as Nikos" }, SLOW)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("not when /pin is opened by someone already signed in", async () => {
    makeTerminalOfStore7();
    await storeSession(waiterOf(7));
    renderWithI18n(<PinScreen />);
    expect(await screen.findByRole("heading", { name: "Signed in as Nikos" }, SLOW)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("spec §2 screen titles: the pin page is 'Pin code' ('Κωδικός PIN')", () => {
  it("T7: the document title is 'Pin code' on a device without a store, signed out on a terminal and signed in", async () => {
    const first = renderWithI18n(<PinScreen />);
    await waitFor(() => expect(document.title).toMatch(/^Pin code · /));
    first.unmount();
    document.title = "";
    localStorage.setItem("lastStoreId", "7");
    const signedOut = renderWithI18n(<PinScreen />);
    expect(await screen.findByRole("heading", { name: "Staff sign-in" }, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Pin code · /));
    signedOut.unmount();
    document.title = "";
    await storeSession(waiterOf(7));
    renderWithI18n(<PinScreen />);
    expect(await screen.findByRole("heading", { name: "Signed in as Nikos" }, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Pin code · /));
  });

  it("T7: in Greek the title is 'Κωδικός PIN'", async () => {
    // The title's text is in the screens catalog, loaded with the staff screens.
    await ensureCatalog("screens");
    await selectLanguage("GRE");
    try {
      renderWithI18n(<PinScreen />);
      await waitFor(() => expect(document.title).toMatch(/^Κωδικός PIN · /), SLOW);
    } finally {
      i18n.activate("en");
    }
  });
});
