import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, currentSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { ProfileDetailsForm } from "./ProfileDetailsForm";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Answer = Response | "no answer";

/** Every call answers `answer(path)`; the calls are recorded with their bodies. */
function stubApi(answer: (path: string) => Answer) {
  const calls: { path: string; body: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      calls.push({ path, body: await request.clone().text() });
      const reply = answer(path);
      if (reply === "no answer") throw new TypeError("Failed to fetch");
      return reply;
    }),
  );
  return calls;
}

const guest = (optedIn: boolean) => testSession({ user: { ...testSession().user, optedInForNewsletter: optedIn } });

/** The update's answer: the user with the change, and rotated tokens. */
const updated = (optedIn: boolean) => ({
  authToken: { token: "rotated-token", user: { ...guest(optedIn).user } },
  jwt: "rotated.jwt.signature",
});

const newsletterBox = () => screen.getByRole("checkbox", { name: "Send me the newsletter" }) as HTMLInputElement;

beforeEach(async () => {
  await storeSession(guest(true));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("the profile's newsletter box (spec §6 'opt out of the newsletter'; §7 newsletter/opt-out)", () => {
  it("spec §6 P8, §7 C21: unticking calls newsletter/opt-out; the box stays off and the session learns it", async () => {
    const calls = stubApi(() => json(200, { user: guest(false).user }));
    renderWithI18n(<ProfileDetailsForm user={guest(true).user} />);
    fireEvent.click(newsletterBox());
    expect((await screen.findByText("Successful change")).closest("[role=status]")).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(["/api/newsletter/opt-out"]);
    expect(newsletterBox().checked).toBe(false);
    expect((await currentSession())?.user.optedInForNewsletter).toBe(false);
    // The call answers no new tokens: the session keeps its own.
    expect((await currentSession())?.authToken).toBe("opaque-token");
  });

  it("spec §6 P8: ticking it again opts back in through the profile update", async () => {
    await storeSession(guest(false));
    const calls = stubApi(() => json(200, updated(true)));
    renderWithI18n(<ProfileDetailsForm user={guest(false).user} />);
    fireEvent.click(newsletterBox());
    expect(await screen.findByText("Successful change")).toBeTruthy();
    expect(calls).toEqual([{ path: "/api/user/v2/update", body: JSON.stringify({ optedInForNewsletter: true }) }]);
    expect(newsletterBox().checked).toBe(true);
  });

  it.each([
    [
      "an answer with status 500",
      () => json(500, { code: "INTERNAL_ERROR", message: "x" }),
      "Something went wrong, try again",
    ],
    ["no answer at all", () => "no answer" as const, "Something went wrong, try again later"],
  ])("spec §8 M7: a failed opt-out (%s) puts the box back and shows the error text", async (_name, answer, text) => {
    stubApi(answer);
    renderWithI18n(<ProfileDetailsForm user={guest(true).user} />);
    fireEvent.click(newsletterBox());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(text));
    expect(newsletterBox().checked).toBe(true);
    expect(newsletterBox().disabled).toBe(false);
    expect((await currentSession())?.user.optedInForNewsletter).toBe(true);
  });

  it("spec §8 M7: a failed opt-in puts the box back off and shows the error text", async () => {
    await storeSession(guest(false));
    stubApi(() => json(500, { code: "INTERNAL_ERROR", message: "x" }));
    renderWithI18n(<ProfileDetailsForm user={guest(false).user} />);
    fireEvent.click(newsletterBox());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Something went wrong, try again"));
    expect(newsletterBox().checked).toBe(false);
  });
});

describe("saving the profile (spec §6)", () => {
  it("spec §8 M3: a failed profile update sets the failure state and shows the message; the form keeps what was typed", async () => {
    stubApi(() => json(409, { code: "EMAIL_ALREADY_USED", message: "This email address is already registered" }));
    const events = userEvent.setup();
    renderWithI18n(<ProfileDetailsForm user={guest(true).user} />);
    const email = screen.getByLabelText("E-mail") as HTMLInputElement;
    await events.clear(email);
    await events.type(email, "taken@example.gr");
    await events.click(screen.getByRole("button", { name: "Save changes" }));
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert.textContent).toBe("This email address is already registered"));
    expect(alert.querySelector(".account-message--error")).toBeTruthy();
    expect(email.value).toBe("taken@example.gr");
    expect(screen.getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", false);
    expect((await currentSession())?.user.email).toBe("eleni@example.gr");
  });

  it("spec §8 M3: a profile update with no answer says to try again later", async () => {
    stubApi(() => "no answer");
    renderWithI18n(<ProfileDetailsForm user={guest(true).user} />);
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Something went wrong, try again later"));
  });
});
