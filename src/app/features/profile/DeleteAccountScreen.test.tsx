import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, currentSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { navigate } from "../../test-support/router-stub";
import { DeleteAccountScreen } from "./DeleteAccountScreen";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function stubDelete(answer: () => Response | "no answer") {
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      paths.push(new URL(request.url).pathname);
      const reply = answer();
      if (reply === "no answer") throw new TypeError("Failed to fetch");
      return reply;
    }),
  );
  return paths;
}

async function confirmAndDelete() {
  renderWithI18n(<DeleteAccountScreen userId={42} />);
  fireEvent.click(screen.getByRole("checkbox", { name: "I understand that this cannot be undone" }));
  fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
}

beforeEach(async () => {
  await storeSession(testSession());
});

afterEach(async () => {
  navigate.mockClear();
  vi.unstubAllGlobals();
  await clearSession();
});

describe("deleting the account (spec §6 'delete account')", () => {
  it.each([
    ["an answer with status 500", () => json(500, { code: "INTERNAL_ERROR", message: "x" })],
    ["no answer at all", () => "no answer" as const],
  ])(
    "spec §8 M4, M13: a failed deletion (%s) sets the failure state and says 'Something went wrong while deleting the account'",
    async (_name, answer) => {
      const paths = stubDelete(answer);
      await confirmAndDelete();
      const alert = await screen.findByRole("alert");
      await waitFor(() => expect(alert.textContent).toBe("Something went wrong while deleting the account, try again"));
      expect(alert.querySelector(".account-message--error")).toBeTruthy();
      expect(paths).toEqual(["/api/user/delete"]);
      // Still signed in, still here, and the button works again for a retry.
      expect(await currentSession()).not.toBeNull();
      expect(navigate).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Delete my account" })).toHaveProperty("disabled", false);
    },
  );

  it("a server's CUSTOM_MESSAGE is shown as it was written", async () => {
    stubDelete(() => json(409, { code: "CUSTOM_MESSAGE: Pay your open bill first", message: "x" }));
    await confirmAndDelete();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Pay your open bill first"));
  });

  it("a deletion that succeeds ends the session and goes to the landing page", async () => {
    stubDelete(() => json(200, { ok: true }));
    await confirmAndDelete();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: "/", replace: true }));
    expect(await currentSession()).toBeNull();
  });
});
