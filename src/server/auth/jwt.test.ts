/**
 * Session jwts (design.md "Sign-in": short-lived HS256 jwt naming the session): a signature checked
 * once is remembered for the exact token and key (the check costs 8-13% of a placement's
 * CPU), and remembering it never lets a token through that the check would refuse.
 */
import { describe, expect, it } from "vitest";
import { signSessionJwt, VERIFIED_JWT_CACHE_SIZE, verifySessionJwt } from "./jwt";
import { JWT_TTL_MS } from "./limits";

const key = new TextEncoder().encode("a-test-key-of-32-bytes-or-more!!");
const otherKey = new TextEncoder().encode("another-test-key-of-32-bytes-ok!");
const now = new Date("2026-07-01T10:00:00Z");
const claims = { userId: 42, sessionId: 7, generation: 3 };
const strict = { allowExpired: false };

describe("verifySessionJwt", () => {
  it("answers a token the same way the second time, from what the first check found", async () => {
    const jwt = await signSessionJwt(key, claims, now);
    const first = await verifySessionJwt(key, jwt, now, strict);
    expect(first).toEqual({
      userId: 42,
      sessionId: 7,
      generation: 3,
      expiresAt: now.getTime() / 1000 + JWT_TTL_MS / 1000,
    });
    expect(await verifySessionJwt(key, jwt, now, strict)).toEqual(first);
  });

  it("still refuses a remembered token once it has expired, unless the caller accepts expired ones", async () => {
    const jwt = await signSessionJwt(key, claims, now);
    expect(await verifySessionJwt(key, jwt, now, strict)).not.toBeNull();
    const later = new Date(now.getTime() + JWT_TTL_MS);
    expect(await verifySessionJwt(key, jwt, later, strict)).toBeNull();
    expect(await verifySessionJwt(key, jwt, later, { allowExpired: true })).toMatchObject({ sessionId: 7 });
  });

  it("does not accept a token remembered under one key when another key is asked", async () => {
    const jwt = await signSessionJwt(key, claims, now);
    expect(await verifySessionJwt(key, jwt, now, strict)).not.toBeNull();
    expect(await verifySessionJwt(otherKey, jwt, now, strict)).toBeNull();
  });

  it("refuses a token whose signature or claims were changed, even after the original was remembered", async () => {
    const jwt = await signSessionJwt(key, claims, now);
    await verifySessionJwt(key, jwt, now, strict);
    const [header, payload, signature] = jwt.split(".");
    const otherSession = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sid: 8 }),
    ).toString("base64url");
    expect(await verifySessionJwt(key, `${header}.${otherSession}.${signature}`, now, strict)).toBeNull();
    expect(await verifySessionJwt(key, `${header}.${payload}.${signature?.slice(0, -2)}AA`, now, strict)).toBeNull();
  });

  it("keeps checking tokens correctly past the cache's size (the oldest are forgotten, not wrongly kept)", async () => {
    const first = await signSessionJwt(key, claims, now);
    await verifySessionJwt(key, first, now, strict);
    for (let sessionId = 1; sessionId <= VERIFIED_JWT_CACHE_SIZE; sessionId += 1) {
      const jwt = await signSessionJwt(key, { ...claims, sessionId }, now);
      expect((await verifySessionJwt(key, jwt, now, strict))?.sessionId).toBe(sessionId);
    }
    expect(await verifySessionJwt(key, first, now, strict)).toMatchObject({ sessionId: 7 });
  }, 60_000);
});
