import { describe, expect, it } from "vitest";
import { JWT_EXPIRY_MARGIN_MS, jwtIsSpent, jwtTimes } from "./jwt-expiry";

const jwtExpiresAtMs = (jwt: string) => jwtTimes(jwt).expiresAtMs;

const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** A jwt shaped as the server signs them (header, claims, signature); only the claims matter here. */
function jwtWith(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

const EXP = 1_795_000_000; // seconds since the epoch
const server = { iss: "venue-ordering", aud: "venue-ordering-api", sub: "7901", sid: 3, gen: 0, iat: EXP - 1800 };

describe("reading a jwt's end from its exp claim", () => {
  it("answers the instant exp names, in milliseconds", () => {
    expect(jwtExpiresAtMs(jwtWith({ ...server, exp: EXP }))).toBe(EXP * 1000);
  });

  it("reads claims with non-ASCII text and base64url's - and _ characters", () => {
    expect(jwtExpiresAtMs(jwtWith({ name: "Νίκος ~~~??>>", exp: EXP }))).toBe(EXP * 1000);
  });

  it.each([
    ["not a jwt", "opaque-token"],
    ["a payload that is not base64url JSON", "header.payload.signature"],
    ["no exp claim", jwtWith({ ...server })],
    ["an exp that is not a number", jwtWith({ ...server, exp: "soon" })],
    ["claims that are not an object", `${base64Url("{}")}.${base64Url("42")}.sig`],
    ["a payload with characters outside base64url", "a.e30=+/.c"],
  ])("answers null for %s", (_what, jwt) => {
    expect(jwtExpiresAtMs(jwt)).toBeNull();
  });
});

describe("a jwt is spent once its exp, less the margin, has come", () => {
  const jwt = jwtWith({ ...server, exp: EXP });
  const expMs = EXP * 1000;

  it("is usable until the margin before exp", () => {
    expect(jwtIsSpent(jwt, expMs - JWT_EXPIRY_MARGIN_MS - 1)).toBe(false);
  });

  it("is spent from the margin before exp, at exp and after it", () => {
    expect(jwtIsSpent(jwt, expMs - JWT_EXPIRY_MARGIN_MS)).toBe(true);
    expect(jwtIsSpent(jwt, expMs)).toBe(true);
    expect(jwtIsSpent(jwt, expMs + 3_600_000)).toBe(true);
  });

  it("takes another margin when asked", () => {
    expect(jwtIsSpent(jwt, expMs - 1, undefined, 0)).toBe(false);
    expect(jwtIsSpent(jwt, expMs, undefined, 0)).toBe(true);
  });

  it("a jwt whose end cannot be read is never known to be spent", () => {
    expect(jwtIsSpent("header.payload.signature", Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe("a jwt's life is counted on the device's clock from when the device received it", () => {
  const jwt = jwtWith({ ...server, exp: EXP });
  const lifeMs = 1800 * 1000;

  it("a device whose clock runs four months ahead of the server's does not take a fresh jwt for spent", () => {
    const deviceNow = EXP * 1000 + 120 * 24 * 3_600_000;
    expect(jwtIsSpent(jwt, deviceNow)).toBe(true);
    expect(jwtIsSpent(jwt, deviceNow, deviceNow)).toBe(false);
    expect(jwtIsSpent(jwt, deviceNow + lifeMs - JWT_EXPIRY_MARGIN_MS, deviceNow)).toBe(true);
  });

  it("a device whose clock lags the server's by a day still knows when last night's jwt is spent", () => {
    const receivedAt = EXP * 1000 - lifeMs - 24 * 3_600_000;
    expect(jwtIsSpent(jwt, receivedAt + lifeMs - JWT_EXPIRY_MARGIN_MS - 1, receivedAt)).toBe(false);
    expect(jwtIsSpent(jwt, receivedAt + 8 * 3_600_000, receivedAt)).toBe(true);
  });

  it("without an iat claim the jwt's exp is read against the device's clock", () => {
    const noIat = jwtWith({ sub: "1", exp: EXP });
    expect(jwtIsSpent(noIat, EXP * 1000, 0)).toBe(true);
  });
});
