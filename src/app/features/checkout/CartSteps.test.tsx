import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { ChangePhoneDialog } from "./ChangePhoneDialog";
import { DeleteCardDialog } from "./DeleteCardDialog";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function stubCards(deleteStatus: number) {
  const deletes: { token: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (path === "/api/creditCard/user") {
        return json(200, { cards: [{ cardToken: "tok_visa_0001", brand: "Visa", lastFourDigits: "4242" }] });
      }
      if (path === "/api/creditCard/delete" && input.method === "DELETE") {
        deletes.push({ token: input.headers.get("cardToken") });
        return deleteStatus === 200
          ? json(200, { ok: true })
          : json(deleteStatus, { code: "INTERNAL_ERROR", message: "x" });
      }
      return json(404, { code: "NOT_FOUND", message: path });
    }),
  );
  return deletes;
}

beforeEach(async () => {
  await storeSession(testSession());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("/cart/delete-card (spec §2 cart-with-delete-card, §4 'deleting removes by cardToken')", () => {
  it("asks first, then deletes the card by its token and goes back to the cart", async () => {
    const deletes = stubCards(200);
    const onClose = vi.fn();
    renderWithI18n(<DeleteCardDialog cardToken="tok_visa_0001" onClose={onClose} />);
    expect(await screen.findByText(/Delete the card ending in 4242\?/)).toBeTruthy();
    expect(deletes).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Delete card" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(deletes).toEqual([{ token: "tok_visa_0001" }]);
  });

  it.each([500, 404])(
    "spec §8 M13: a failed delete (%i) says 'Something went wrong while deleting the card' and keeps the dialog open",
    async (status) => {
      stubCards(status);
      const onClose = vi.fn();
      renderWithI18n(<DeleteCardDialog cardToken="tok_visa_0001" onClose={onClose} />);
      fireEvent.click(await screen.findByRole("button", { name: "Delete card" }));
      expect(await screen.findByRole("alert")).toBeTruthy();
      await waitFor(() =>
        expect(screen.getByRole("alert").textContent).toBe("Something went wrong while deleting the card, try again"),
      );
      expect(onClose).not.toHaveBeenCalled();
    },
  );

  it("'Keep it' goes back without deleting", async () => {
    const deletes = stubCards(200);
    const onClose = vi.fn();
    renderWithI18n(<DeleteCardDialog cardToken="tok_visa_0001" onClose={onClose} />);
    fireEvent.click(await screen.findByRole("button", { name: "Keep it" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(deletes).toEqual([]);
  });
});

describe("/cart/change-phone (spec §2 cart-with-change-phone)", () => {
  it("signed out: asks to sign in first", async () => {
    await clearSession();
    renderWithI18n(<ChangePhoneDialog onClose={vi.fn()} />);
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("signed in: shows the change-of-phone form", async () => {
    stubCards(200);
    renderWithI18n(<ChangePhoneDialog onClose={vi.fn()} />);
    expect(await screen.findByRole("dialog", { name: "Change phone number" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Loading…")).toBeNull(), { timeout: 4000 });
    // The phone field fetches every country as it mounts: the test ends once they are in the list,
    // not while that update is still to come (it would land after the page is torn down).
    await waitFor(
      () =>
        expect(screen.getByRole("combobox", { name: "Country" }).querySelectorAll("option").length).toBeGreaterThan(
          100,
        ),
      { timeout: 4000 },
    );
  });
});
