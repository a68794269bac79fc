import { describe, expect, it } from "vitest";
import { AddressRateLimit } from "./address-rate-limit";

function limiter(options: { limit?: number; windowMs?: number; maxAddresses?: number } = {}) {
  let now = 0;
  const limit = new AddressRateLimit({ limit: 2, windowMs: 1000, now: () => new Date(now), ...options });
  return {
    limit,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("per-address limit in memory (log calls)", () => {
  it("allows `limit` requests per window and says when the window ends", () => {
    const { limit, advance } = limiter();
    expect(limit.take("a")).toEqual({ allowed: true });
    advance(100);
    expect(limit.take("a")).toEqual({ allowed: true });
    advance(300);
    expect(limit.take("a")).toEqual({ allowed: false, retryAfterMs: 600 });
    expect(limit.take("b")).toEqual({ allowed: true });
    advance(600);
    expect(limit.take("a")).toEqual({ allowed: true });
  });

  it("keeps at most maxAddresses windows: expired ones go first, then the oldest", () => {
    const { limit, advance } = limiter({ maxAddresses: 3 });
    limit.take("a");
    advance(500);
    limit.take("b");
    limit.take("c");
    advance(600); // a's window expired, b and c still open
    limit.take("d");
    expect(limit.size).toBe(3);
    limit.take("e"); // nothing expired: the oldest (b) goes
    expect(limit.size).toBe(3);
    limit.take("c");
    expect(limit.take("c")).toMatchObject({ allowed: false });
  });
});
