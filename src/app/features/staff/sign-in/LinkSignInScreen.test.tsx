import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, currentSession } from "../../../session/session";
import { renderWithI18n } from "../../../test-support/render";
import { LinkSignInScreen } from "./LinkSignInScreen";

vi.mock("@tanstack/react-router", () => import("../../../test-support/router-stub"));

const SLOW = { timeout: 5000 };
const TOKEN = `${"t".repeat(42)}Q`;
const DEVICE = `${"d".repeat(42)}Q`;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const waiterAnswer = {
  authToken: {
    token: "auth-token",
    user: {
      id: 12,
      name: "Nikos",
      email: null,
      phone: null,
      verified: true,
      optedInForNewsletter: false,
      role: "WAITER",
      storeId: 7,
    },
  },
  jwt: "header.payload.signature",
};

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await clearSession();
});

describe("/staff-sign-in, the target of an admin's login link", () => {
  it("signs the device in once with the token of the fragment, then enrols it with that session, then forgets the token", async () => {
    history.replaceState(null, "", `/staff-sign-in?userId=12&storeId=7#token=${TOKEN}`);
    const requests: Request[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        requests.push(request);
        const url = new URL(request.url);
        // Anyone can use up the store's anonymous enrolments: only a signed-in enrolment goes through.
        if (url.pathname === "/api/staff/devices") {
          return request.headers.get("authtoken") === "auth-token"
            ? json(201, { deviceToken: DEVICE, storeId: 7 })
            : json(429, { code: "RATE_LIMITED", message: "Too many new devices" });
        }
        if (url.pathname === "/api/authenticate/login/waiter-from-token") return json(200, waiterAnswer);
        return json(404, { code: "NOT_FOUND", message: url.pathname });
      }),
    );
    renderWithI18n(
      <StrictMode>
        <LinkSignInScreen />
      </StrictMode>,
    );

    expect(await screen.findByRole("heading", { name: "Signed in as Nikos" }, SLOW)).toBeTruthy();
    const signIns = requests.filter((r) => r.url.includes("waiter-from-token"));
    expect(signIns).toHaveLength(1);
    const [signIn] = signIns;
    expect(new URL(signIn?.url ?? "").search).toBe("?userId=12&storeId=7");
    expect(signIn?.headers.get("login-token")).toBe(TOKEN);
    // A device without a secret enrols after the sign-in, with its session (outside the anonymous limits).
    expect(signIn?.headers.get("staff-device")).toBeNull();
    const enrolments = requests.filter((r) => new URL(r.url).pathname === "/api/staff/devices");
    expect(enrolments).toHaveLength(1);
    expect(new URL(enrolments[0]?.url ?? "").search).toBe("?storeId=7");
    expect(enrolments[0]?.headers.get("authtoken")).toBe("auth-token");
    expect(JSON.parse(localStorage.getItem("staffDeviceTokens") ?? "{}")).toEqual({ "7": DEVICE });
    // The token is off the address bar; the device is the store's terminal now.
    expect(location.href).toBe(`${location.origin}/staff-sign-in`);
    expect(localStorage.getItem("staffDevice")).toBe("true");
    expect(localStorage.getItem("lastStoreId")).toBe("7");
    expect((await currentSession())?.user.role).toBe("WAITER");
    expect(screen.getByRole("link", { name: "Open the orders" }).getAttribute("href")).toBe("/order-change-status");
  });

  it("a device that has its secret sends it with the link's sign-in and enrols nothing", async () => {
    history.replaceState(null, "", `/staff-sign-in?userId=12&storeId=7#token=${TOKEN}`);
    localStorage.setItem("staffDeviceTokens", JSON.stringify({ "7": DEVICE }));
    const requests: Request[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        requests.push(request);
        return new URL(request.url).pathname === "/api/authenticate/login/waiter-from-token"
          ? json(200, waiterAnswer)
          : json(404, { code: "NOT_FOUND", message: request.url });
      }),
    );
    renderWithI18n(<LinkSignInScreen />);
    expect(await screen.findByRole("heading", { name: "Signed in as Nikos" }, SLOW)).toBeTruthy();
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(["/api/authenticate/login/waiter-from-token"]);
    expect(requests[0]?.headers.get("staff-device")).toBe(DEVICE);
  });

  it("a used or expired link says so, with the server's reason, and offers the pin", async () => {
    history.replaceState(null, "", `/staff-sign-in?userId=12&storeId=7#token=${TOKEN}`);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) =>
        new URL(request.url).pathname === "/api/staff/devices"
          ? json(429, { code: "RATE_LIMITED", message: "Too many new devices" })
          : json(401, { code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" }),
      ),
    );
    renderWithI18n(<LinkSignInScreen />);
    expect(await screen.findByRole("heading", { name: "This sign-in link does not work" }, SLOW)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).not.toBe("");
    expect(screen.getByRole("link", { name: "Sign in with pin" }).getAttribute("href")).toBe("/pin");
    expect(await currentSession()).toBeNull();
  });

  it("a link without its token calls nothing", async () => {
    history.replaceState(null, "", "/staff-sign-in?userId=12&storeId=7");
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    renderWithI18n(<LinkSignInScreen />);
    expect(await screen.findByRole("heading", { name: "This sign-in link does not work" }, SLOW)).toBeTruthy();
    await waitFor(() => expect(fetchSpy).not.toHaveBeenCalled());
  });
});
