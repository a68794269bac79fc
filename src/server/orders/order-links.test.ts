import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signSessionJwt, verifySessionJwt } from "../auth/jwt";
import { isValidOrderLinkToken, mintOrderDetailsLink, ORDER_LINK_TTL_MS, signOrderLinkToken } from "./order-links";

const linkKey = new Uint8Array(32).fill(7);
const jwtKey = new Uint8Array(32).fill(9);
const now = new Date("2026-07-01T09:00:00.000Z");
const order = { orderId: 91, storeId: 7 };

describe("order-details link tokens (a signed, expiring capability for one order of one store)", () => {
  it("a fresh token opens its order until it expires (24 h), then never", async () => {
    const token = await signOrderLinkToken(linkKey, order, now);
    expect(await isValidOrderLinkToken(linkKey, token, order, now)).toBe(true);
    const almost = new Date(now.getTime() + ORDER_LINK_TTL_MS - 1000);
    expect(await isValidOrderLinkToken(linkKey, token, order, almost)).toBe(true);
    const expired = new Date(now.getTime() + ORDER_LINK_TTL_MS);
    expect(await isValidOrderLinkToken(linkKey, token, order, expired)).toBe(false);
  });

  it("opens only its own order of its own store", async () => {
    const token = await signOrderLinkToken(linkKey, order, now);
    expect(await isValidOrderLinkToken(linkKey, token, { orderId: 92, storeId: 7 }, now)).toBe(false);
    expect(await isValidOrderLinkToken(linkKey, token, { orderId: 91, storeId: 132 }, now)).toBe(false);
  });

  it("a tampered token, one signed with another key, or garbage is refused", async () => {
    const token = await signOrderLinkToken(linkKey, order, now);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...decode(payload), sub: "92" })).toString("base64url");
    expect(await isValidOrderLinkToken(linkKey, `${header}.${otherPayload}.${signature}`, order, now)).toBe(false);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect(await isValidOrderLinkToken(linkKey, `${header}.${payload}.${flipped}`, order, now)).toBe(false);
    expect(await isValidOrderLinkToken(jwtKey, token, order, now)).toBe(false);
    expect(await isValidOrderLinkToken(linkKey, "not-a-token", order, now)).toBe(false);
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    expect(await isValidOrderLinkToken(linkKey, none, order, now)).toBe(false);
  });

  it("never passes as a session jwt, and a session jwt never passes as a link (own key and audience)", async () => {
    const link = await signOrderLinkToken(linkKey, order, now);
    expect(await verifySessionJwt(jwtKey, link, now, { allowExpired: true })).toBeNull();
    // Even signed with the session key, the audience differs.
    const sameKey = await signOrderLinkToken(jwtKey, order, now);
    expect(await verifySessionJwt(jwtKey, sameKey, now, { allowExpired: true })).toBeNull();
    const session = await signSessionJwt(jwtKey, { userId: 91, sessionId: 1, generation: 0 }, now);
    expect(await isValidOrderLinkToken(jwtKey, session, order, now)).toBe(false);
    const noStore = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("venue-ordering")
      .setAudience("venue-ordering-order-details-link")
      .setSubject("91")
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 60)
      .sign(linkKey);
    expect(await isValidOrderLinkToken(linkKey, noStore, order, now)).toBe(false);
  });

  it("a minted link is the app's view-order-details path with its expiry", async () => {
    const link = await mintOrderDetailsLink(linkKey, order, now);
    expect(link.path).toMatch(/^\/view-order-details\/91\/7\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(link.expiresAt).toBe("2026-07-02T09:00:00.000Z");
  });
});

function decode(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
}
