/** Issue 10 item 1: every staff route refuses guests in the app; here the printable receipt. */
import "fake-indexeddb/auto";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../../session/session";
import { testSession } from "../../../session/test-session";
import { renderWithI18n } from "../../../test-support/render";
import { ReceiptPage } from "./ReceiptPage";

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("receipt page (staff only)", () => {
  it.each([
    ["a guest", testSession()],
    ["a visitor", testSession({ user: { ...testSession().user, role: "VISITOR", storeId: 7 } })],
  ])("%s gets the not-allowed screen, and nothing is asked of the server", async (_who, session) => {
    await storeSession(session);
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderWithI18n(<ReceiptPage receiptId={5} paper="80" />);
    expect(await screen.findByText("This screen is for the staff of this store", {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
