import { describe, expect, it } from "vitest";
import { loginLinkUrl, parseLoginLink } from "./login-link";

const token = `${"A".repeat(40)}_-9`;

describe("the login link of an admin's QR code", () => {
  it("carries the token in the fragment only, never in the path or query the server sees", () => {
    const href = loginLinkUrl({ userId: 12, storeId: 7, loginToken: token }, "https://kyma.example");
    const url = new URL(href);
    expect(url.pathname).toBe("/staff-sign-in");
    expect(url.search).toBe("?userId=12&storeId=7");
    expect(url.hash).toBe(`#token=${token}`);
  });

  it("reads back what it wrote; refuses missing or malformed parts", () => {
    const url = new URL(loginLinkUrl({ userId: 12, storeId: 7, loginToken: token }, "https://kyma.example"));
    expect(parseLoginLink(url.search, url.hash)).toEqual({ userId: 12, storeId: 7, loginToken: token });
    expect(parseLoginLink("?userId=12&storeId=7", "")).toBeUndefined();
    expect(parseLoginLink("?userId=12", url.hash)).toBeUndefined();
    expect(parseLoginLink("?userId=x&storeId=7", url.hash)).toBeUndefined();
    expect(parseLoginLink(url.search, "#token=short")).toBeUndefined();
  });
});
