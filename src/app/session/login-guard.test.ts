import { afterEach, describe, expect, it } from "vitest";
import { checkLoginRequired } from "./login-guard";
import { clearSession, currentSession, type Session, storeSession } from "./session";

const signedIn: Session = {
  authToken: "opaque-token",
  jwt: "header.payload.signature",
  user: {
    id: 42,
    name: "Eleni",
    email: "eleni@example.gr",
    phone: { phoneNumber: "6912345678", countryISO2: "GR" },
    verified: true,
    optedInForNewsletter: false,
  },
};

describe("login-required routes (spec §2/§6: guarded routes redirect to landing)", () => {
  it("sends a visitor without a session to landing", () => {
    expect(checkLoginRequired(null)).toEqual({ allowed: false, reason: "signed-out" });
    expect(checkLoginRequired(null, 42)).toEqual({ allowed: false, reason: "signed-out" });
  });

  it("requires both authToken and jwt", () => {
    expect(checkLoginRequired({ ...signedIn, jwt: "" })).toEqual({ allowed: false, reason: "signed-out" });
    expect(checkLoginRequired({ ...signedIn, authToken: "" })).toEqual({ allowed: false, reason: "signed-out" });
  });

  it("lets the signed-in user open routes without a user id (/review/:orderId)", () => {
    expect(checkLoginRequired(signedIn)).toEqual({ allowed: true });
  });

  it("lets users open only their own profile and history", () => {
    expect(checkLoginRequired(signedIn, 42)).toEqual({ allowed: true });
    expect(checkLoginRequired(signedIn, "42")).toEqual({ allowed: true });
    expect(checkLoginRequired(signedIn, 7)).toEqual({ allowed: false, reason: "other-user" });
    expect(checkLoginRequired(signedIn, "abc")).toEqual({ allowed: false, reason: "other-user" });
  });
});

describe("session store", () => {
  afterEach(() => clearSession());

  it("answers null until a session is stored, then returns it, and forgets it when cleared", async () => {
    expect(await currentSession()).toBeNull();
    await storeSession(signedIn);
    expect(await currentSession()).toEqual(signedIn);
    await clearSession();
    expect(await currentSession()).toBeNull();
  });

  it("ignores a corrupted stored session", async () => {
    localStorage.setItem("session", "{not json");
    expect(await currentSession()).toBeNull();
    localStorage.setItem("session", JSON.stringify({ authToken: "x" }));
    expect(await currentSession()).toBeNull();
  });
});
