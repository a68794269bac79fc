import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, currentSession } from "../../../session/session";
import { renderWithI18n } from "../../../test-support/render";
import { navigate } from "../../../test-support/router-stub";
import { StaffLoginScreen } from "./StaffLoginScreen";

vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));

const SLOW = { timeout: 5000 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const adminAnswer = {
  authToken: {
    token: "auth-token",
    user: {
      id: 3,
      name: "Maria",
      email: null,
      phone: null,
      verified: true,
      optedInForNewsletter: false,
      role: "ADMIN",
      storeId: 7,
    },
  },
  jwt: "header.payload.signature",
};

afterEach(async () => {
  vi.unstubAllGlobals();
  navigate.mockReset();
  localStorage.clear();
  await clearSession();
});

describe("/staff-login: admin sign-in by e-mail and password, reset by e-mail code (spec §8)", () => {
  it("checks before calling: empty or invalid e-mail, a password under 6 characters", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const events = userEvent.setup();
    renderWithI18n(<StaffLoginScreen />);
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("alert").textContent).toBe("Email cannot be empty");
    await events.type(screen.getByLabelText("E-mail"), "admin@");
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("alert").textContent).toBe("Invalid email address");
    await events.type(screen.getByLabelText("E-mail"), "ammoudia.example");
    await events.type(screen.getByLabelText("Password"), "12345");
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("alert").textContent).toBe("Password must contain at least 6 characters");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a wrong password shows INVALID_CREDENTIALS's text; the right one stores the session and opens the admin screen", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const body = (await request.clone().json()) as { password: string };
        bodies.push(body);
        return body.password === "ammoudia-2026"
          ? json(200, adminAnswer)
          : json(401, { code: "INVALID_CREDENTIALS", message: "Invalid email or password" });
      }),
    );
    const events = userEvent.setup();
    renderWithI18n(<StaffLoginScreen />);
    await events.type(screen.getByLabelText("E-mail"), "Admin@Ammoudia.example");
    await events.type(screen.getByLabelText("Password"), "ammoudia-2025");
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Invalid email or password"), SLOW);

    await events.clear(screen.getByLabelText("Password"));
    await events.type(screen.getByLabelText("Password"), "ammoudia-2026");
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: "/staff-admin" }), SLOW);
    expect(bodies.at(-1)).toEqual({ email: "admin@ammoudia.example", password: "ammoudia-2026" });
    expect((await currentSession())?.user.role).toBe("ADMIN");
    expect(localStorage.getItem("staffDevice")).toBe("true");
  });

  it("after the admin's password, a device without the store's secret enrols with that session (anonymous enrolments may be used up)", async () => {
    const DEVICE = `${"d".repeat(42)}Q`;
    const enrolments: Request[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        // Read like a server would: the call waits for its body to be taken.
        await request.clone().text();
        if (url.pathname === "/api/authenticate/login") return json(200, adminAnswer);
        if (url.pathname === "/api/staff/devices") {
          enrolments.push(request);
          return request.headers.get("authtoken") === "auth-token"
            ? json(201, { deviceToken: DEVICE, storeId: 7 })
            : json(429, { code: "RATE_LIMITED", message: "Too many new devices" });
        }
        return json(404, { code: "NOT_FOUND", message: url.pathname });
      }),
    );
    const events = userEvent.setup();
    renderWithI18n(<StaffLoginScreen />);
    await events.type(screen.getByLabelText("E-mail"), "admin@ammoudia.example");
    await events.type(screen.getByLabelText("Password"), "ammoudia-2026");
    await events.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: "/staff-admin" }), SLOW);
    expect(enrolments).toHaveLength(1);
    expect(new URL(enrolments[0]?.url ?? "").search).toBe("?storeId=7");
    expect(enrolments[0]?.headers.get("authtoken")).toBe("auth-token");
    expect(JSON.parse(localStorage.getItem("staffDeviceTokens") ?? "{}")).toEqual({ "7": DEVICE });
  });

  it("reset: asks for the 6-digit code, the passwords must match, then 'Password changed successfully'", async () => {
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        calls.push({ path, body: await request.clone().json() });
        if (path === "/api/email/send/reset")
          return json(200, { channel: "email", expiresInSeconds: 600, resendAfterSeconds: 60 });
        return json(200, { ok: true });
      }),
    );
    const events = userEvent.setup();
    renderWithI18n(<StaffLoginScreen />);
    await events.click(screen.getByRole("button", { name: "Forgot or new password?" }));
    expect(screen.getByText(/We will send a 6-digit code/)).toBeTruthy();
    await events.type(screen.getByLabelText("E-mail"), "admin@ammoudia.example");
    await events.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(
      () => expect(screen.getByRole("status").textContent).toBe("New 6-digit number was sent successfully"),
      SLOW,
    );

    await events.type(screen.getByLabelText("Verification code"), "123456");
    await events.type(screen.getByLabelText("New password (at least 6 characters)"), "ammoudia-2026");
    await events.type(screen.getByLabelText("Repeat the new password"), "ammoudia-2027");
    await events.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getByRole("alert").textContent).toBe("The passwords do not match");

    await events.click(screen.getByRole("button", { name: "Send a new code" }));
    await waitFor(
      () => expect(screen.getByRole("status").textContent).toBe("New verification code was sent successfully"),
      SLOW,
    );
    await events.clear(screen.getByLabelText("Repeat the new password"));
    await events.type(screen.getByLabelText("Repeat the new password"), "ammoudia-2026");
    await events.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Password changed successfully"), SLOW);
    expect(calls.at(-1)).toEqual({
      path: "/api/user/reset-password",
      body: { email: "admin@ammoudia.example", verificationCode: "123456", password: "ammoudia-2026" },
    });
    // Back on the sign-in form with the e-mail kept.
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("admin@ammoudia.example");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });
});
