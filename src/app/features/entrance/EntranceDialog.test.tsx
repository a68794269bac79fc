import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../session/session";
import { renderWithI18n } from "../../test-support/render";
import { EntranceDialog } from "./EntranceDialog";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("entrance dialog view (spec §2)", () => {
  it("is a labelled dialog that sends the typed phone as national digits with Greece's dial code", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        bodies.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
        return json(200, { channel: "sms", expiresInSeconds: 600, resendAfterSeconds: 60 });
      }),
    );
    const events = userEvent.setup();
    renderWithI18n(<EntranceDialog request={{}} />);

    await screen.findByRole("dialog", { name: "Sign in" });
    // A guest's device: no PIN option.
    expect(screen.queryByRole("button", { name: "Sign in with pin" })).toBeNull();
    await events.type(screen.getByLabelText("Mobile phone"), "6912345678");
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() =>
      expect(bodies).toEqual([{ path: "/api/entrance", body: { phoneNumber: "6912345678", countryCode: "30" } }]),
    );
  });

  it("a code asked for again within the server's wait (429 with Retry-After) opens the code step and says when a new one may be asked", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        await request.text(); // as a real fetch does: ky waits for the request's body to be read
        const body = { code: "VERIFICATIONS_CODES_LIMIT_REACHED", message: "Too many verification codes were sent" };
        return new Response(JSON.stringify(body), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "42" },
        });
      }),
    );
    const events = userEvent.setup();
    renderWithI18n(<EntranceDialog request={{}} />);
    await events.type(await screen.findByLabelText("Mobile phone"), "6912345678");
    await events.click(screen.getByRole("button", { name: "Sign in" }));

    const code = await screen.findByLabelText("Verification code");
    expect(document.activeElement).toBe(code);
    expect(screen.getByRole("status").textContent).toBe(
      "We already sent a code to this number a short while ago: type it here.",
    );
    expect(screen.getByTestId("resend-wait").textContent).toBe("You can ask for a new code in 0:42");
    for (const name of ["Send a new code by SMS", "Receive the code by call"]) {
      const resend = screen.getByRole("button", { name });
      expect(resend).toHaveProperty("disabled", true);
      expect(resend.getAttribute("aria-describedby")).toBe(screen.getByTestId("resend-wait").id);
    }
    expect(screen.queryByRole("alert")?.textContent ?? "").toBe("");
  });

  it("says so when the phone is empty, and names the order when one is on hold", async () => {
    const events = userEvent.setup();
    renderWithI18n(<EntranceDialog request={{ orderOnHold: true }} />);
    await screen.findByRole("dialog", { name: "Complete order" });
    await events.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert").textContent).toBe("Please type your phone number");
  });

  it("offers the PIN on a staff device", async () => {
    localStorage.setItem("staffDevice", "true");
    const events = userEvent.setup();
    renderWithI18n(<EntranceDialog request={{}} />);
    await events.click(await screen.findByRole("button", { name: "Sign in with pin" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Pin")));
  });

  it("a PIN goes with this device's enrolment for the store, asked for once (so guesses elsewhere never lock it)", async () => {
    localStorage.setItem("staffDevice", "true");
    localStorage.setItem("lastStoreId", "7");
    localStorage.removeItem("staffDeviceTokens");
    const device = `${"d".repeat(42)}Q`;
    const requests: Request[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        requests.push(request);
        return new URL(request.url).pathname === "/api/staff/devices"
          ? json(201, { deviceToken: device, storeId: 7 })
          : json(401, { code: "INVALID_PIN", message: "Invalid PIN" });
      }),
    );
    const events = userEvent.setup();
    renderWithI18n(<EntranceDialog request={{ startWithPin: true }} />);
    expect(screen.getByRole("link", { name: "Admin? Sign in with e-mail and password" }).getAttribute("href")).toBe(
      "/staff-login",
    );
    for (const pin of ["1111", "2222"]) {
      await events.clear(await screen.findByLabelText("Pin"));
      await events.type(screen.getByLabelText("Pin"), pin);
      await events.click(screen.getByRole("button", { name: "Sign in" }));
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Invalid pin"));
    }
    const paths = requests.map((request) => new URL(request.url).pathname);
    expect(paths).toEqual(["/api/staff/devices", "/api/authenticate/login/pin", "/api/authenticate/login/pin"]);
    for (const pin of requests.slice(1)) expect(pin.headers.get("staff-device")).toBe(device);
  });
});

describe("the code step's words and a failed resend (spec §8, §9)", () => {
  /** The entrance answers; each resend answers `resend` (status and body). */
  function stubEntrance(resend: { status: number; body: unknown }) {
    const paths: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        paths.push(path);
        await request.text();
        return path === "/api/entrance"
          ? json(200, { channel: "sms", expiresInSeconds: 600, resendAfterSeconds: 60 })
          : json(resend.status, resend.body);
      }),
    );
    return paths;
  }

  async function reachCodeStep() {
    const events = userEvent.setup();
    renderWithI18n(<EntranceDialog request={{}} />);
    await events.type(await screen.findByLabelText("Mobile phone"), "6912345678");
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByLabelText("Verification code");
    return events;
  }

  it("spec §9 N12: where the code is sent, the dialog says it arrives within about a minute", async () => {
    stubEntrance({ status: 200, body: {} });
    await reachCodeStep();
    expect(screen.getByText(/We sent a code to .+\. It arrives within about a minute\./)).toBeTruthy();
  });

  it("spec §8 M5: a failed resend sets the failure state and shows its message", async () => {
    const paths = stubEntrance({
      status: 502,
      body: { code: "SEND_VERIFICATION_CODE_ERROR", message: "The SMS provider did not answer" },
    });
    const events = await reachCodeStep();
    await events.click(screen.getByRole("button", { name: "Send a new code by SMS" }));
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert.textContent).toBe("We could not send a message to your number"));
    expect(alert.querySelector(".account-message--error")).toBeTruthy();
    expect(paths).toEqual(["/api/entrance", "/api/sms/v2/send"]);
    // The guest stays on the code step and may type the code already sent.
    expect(screen.getByLabelText("Verification code")).toBeTruthy();
  });
});

describe("the phone field (spec §5 V17 'the input accepts valid characters only')", () => {
  it("spec §5 V17: letters and symbols typed into the phone field are dropped, the digits stay", async () => {
    const events = userEvent.setup();
    renderWithI18n(<EntranceDialog request={{}} />);
    const field = (await screen.findByLabelText("Mobile phone")) as HTMLInputElement;
    await events.type(field, "69a1b2c!@#$%^&*_=[[]{{};:'\"<>?/\\|`~3x4y5z6€7ω8λ");
    expect(field.value.replace(/\D/g, "")).toBe("6912345678");
    expect(field.value).toMatch(/^[\d\s]*$/);
  });
});
