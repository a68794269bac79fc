import { describe, expect, it } from "vitest";
import { checkLoginRequired } from "./login-guard";
import { testSession } from "./test-session";

const signedIn = testSession();

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
